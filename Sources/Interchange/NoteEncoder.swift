internal import CalendarPaging
public import NoteModel

/// Writes notes in one format, streaming: the caller appends each note's bytes to a buffer
/// and flushes the buffer (to a file descriptor, say) whenever it passes 64 KiB.
///
/// ```swift
/// var encoder = NoteEncoder(format: .jsonl)
/// var buffer: [UInt8] = []
/// encoder.header(into: &buffer)
/// for fields in rows { encoder.append(fields, into: &buffer); if buffer.count >= 65_536 { … } }
/// encoder.footer(into: &buffer)
/// ```
///
/// Output is deterministic: the same notes in the same order give the same bytes. Notes are
/// expected by day, then in the order they were added (`md` starts a new heading whenever the
/// day changes). Invalid UTF-8 in a uid or body is written as U+FFFD.
///
/// A note's stored iCalendar item (`NoteFields.ical`) is written by `jsonl` and `json` as the
/// last key `"ical"`, and by `ics` in place of calpager's own journal (see `ICSWriter`); `csv`
/// and `md` leave it out.
public struct NoteEncoder: Sendable {
  /// The format written.
  public let format: Format
  /// Whether each note's `id` is written (`--json` output); exports leave it out.
  public let includesID: Bool

  /// Notes appended so far.
  public private(set) var count = 0
  /// The day of the last note appended (for `md` headings).
  private var lastDay: Day?
  /// The local zone, for the day of a stored item's UTC `DTSTART` (`ics`).
  private let zone: LocalZone
  /// The `TZID`s of the time zones written so far (`ics`).
  private var writtenTimeZones: Set<String> = []

  /// Creates an encoder for `format`, writing ids when `includeID` is true (only `jsonl`,
  /// `json`, `csv` and `md` have a place for them; `ics` never carries one).
  ///
  /// `format` must be exportable (`Format.isExportable`: not `jrnl`); `init(exporting:)`
  /// checks it. `zone` is the local zone in which a stored item's UTC `DTSTART` gives its day
  /// (see `ICSWriter+Stored`).
  public init(format: Format, includeID: Bool = false, zone: LocalZone = .utc) {
    precondition(format.isExportable, "'\(format)' is not an export format")
    self.format = format
    self.includesID = includeID
    self.zone = zone
  }

  /// Creates an encoder for `format`, or refuses a format notes cannot be written in.
  ///
  /// - Throws: `InterchangeError.importOnly` for `jrnl`.
  public init(exporting format: Format, includeID: Bool = false, zone: LocalZone = .utc)
    throws(InterchangeError)
  {
    guard format.isExportable else { throw .importOnly(format) }
    self.init(format: format, includeID: includeID, zone: zone)
  }

  /// Appends what comes before the first note: `[` for `json`, the header row for `csv`, the
  /// calendar's opening lines for `ics`; nothing for `jsonl` and `md`.
  public mutating func header(into output: inout [UInt8]) {
    switch format {
    case .jsonl, .md: break
    case .json: output.append(UInt8(ascii: "["))
    case .csv: CSVWriter.appendHeader(includeID: includesID, into: &output)
    case .ics: ICSWriter.appendHeader(into: &output)
    case .jrnl, .jrnlText: break
    }
  }

  /// Appends one note.
  ///
  /// - Complexity: O(*n*) in the size of the note.
  public mutating func append(_ fields: NoteFields, into output: inout [UInt8]) {
    switch format {
    case .jsonl:
      JSON.appendNote(fields, includeID: includesID, into: &output)
      output.append(UInt8(ascii: "\n"))
    case .json:
      output.append(ascii: count == 0 ? "\n" : ",\n")
      JSON.appendNote(fields, includeID: includesID, into: &output)
    case .csv:
      CSVWriter.appendRecord(fields, includeID: includesID, into: &output)
    case .ics:
      ICSWriter.appendExported(
        fields, zone: zone, writtenTimeZones: &writtenTimeZones, into: &output)
    case .md:
      MarkdownWriter.appendNote(fields, after: lastDay, includeID: includesID, into: &output)
    case .jrnl, .jrnlText:
      break
    }
    count += 1
    lastDay = fields.day
  }

  /// Appends one note given as owned values.
  public mutating func append(_ note: Note, into output: inout [UInt8]) {
    note.withFields { append($0, into: &output) }
  }

  /// Appends what comes after the last note: `]` for `json`, `END:VCALENDAR` for `ics`.
  public mutating func footer(into output: inout [UInt8]) {
    switch format {
    case .jsonl, .csv, .md, .jrnl, .jrnlText: break
    case .json: output.append(ascii: count == 0 ? "]\n" : "\n]\n")
    case .ics: ICSWriter.appendFooter(into: &output)
    }
  }

  /// All of an export of `notes` at once: header, notes and footer (for tests and small
  /// outputs; exports stream).
  public static func encode(
    _ notes: some Sequence<Note>, format: Format, includeID: Bool = false, zone: LocalZone = .utc
  ) -> [UInt8] {
    var encoder = NoteEncoder(format: format, includeID: includeID, zone: zone)
    var output: [UInt8] = []
    encoder.header(into: &output)
    for note in notes { encoder.append(note, into: &output) }
    encoder.footer(into: &output)
    return output
  }
}
