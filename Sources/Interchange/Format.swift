/// An interchange format for notes: what `export` writes and `import` reads.
public enum Format: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// JSON Lines: one note object per line; the default.
  case jsonl
  /// One JSON array of note objects.
  case json
  /// RFC 4180 comma-separated values with a header row.
  case csv
  /// RFC 5545 iCalendar: a `VCALENDAR` of `VJOURNAL`s.
  case ics
  /// Markdown: a heading per day and the notes under it; export only.
  case md
  /// The JSON that `jrnl --export json` writes; import only.
  case jrnl

  /// The format's name as the `--format` option spells it, such as `jsonl`.
  public var description: String { rawValue }

  /// Whether notes can be read back from this format (every format but `md`).
  public var isImportable: Bool { self != .md }

  /// Whether notes can be written in this format (every format but `jrnl`).
  public var isExportable: Bool { self != .jrnl }

  /// The formats `import` reads, in order.
  public static var importable: [Format] { allCases.filter(\.isImportable) }

  /// The formats `export` writes, in order.
  public static var exportable: [Format] { allCases.filter(\.isExportable) }

  /// Reads a format name as given to `--format`, ignoring case (`ndjson` and `markdown` are
  /// accepted as other names of `jsonl` and `md`).
  ///
  /// - Throws: `InterchangeError.unknownFormat` naming the text and the accepted names.
  public init(name: String) throws(InterchangeError) {
    guard let format = Format.named(name.lowercased()) else {
      throw .unknownFormat(name)
    }
    self = format
  }

  /// Infers the format from the extension of a file path (`notes.jsonl`, `2024.ICS`); nil when
  /// the extension names no format. (A jrnl export is a `.json` file: `jrnl` is never
  /// inferred.)
  public init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    guard let format = Format.named(name[name.index(after: dot)...].lowercased()) else {
      return nil
    }
    self = format
  }

  private static func named(_ lowercased: String) -> Format? {
    switch lowercased {
    case "jsonl", "ndjson": return .jsonl
    case "json": return .json
    case "csv": return .csv
    case "ics", "ical", "ifb", "icalendar": return .ics
    case "md", "markdown": return .md
    case "jrnl": return .jrnl
    default: return nil
    }
  }

  /// The names of `formats` as a list for a message: `jsonl, json, csv or ics`.
  static func list(_ formats: [Format]) -> String {
    let names = formats.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}

extension Format {
  /// The format `start`, the first bytes of a file, shows by its shape, when it shows one
  /// that its name would not: `jrnl --export json` writes an object whose first key is
  /// `"tags"` or `"entries"`, in a file named `.json` (or anything), where calpager's own
  /// `json` is an array and `jsonl` objects start with calpager's keys.
  ///
  /// - Returns: `.jrnl` for that shape; nil otherwise (the name decides).
  public static func shape(of start: some Collection<UInt8>) -> Format? {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    func skipSpace() {
      while let byte = bytes.first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        bytes = bytes.dropFirst()
      }
    }
    skipSpace()
    guard bytes.first == UInt8(ascii: "{") else { return nil }
    bytes = bytes.dropFirst()
    skipSpace()
    for key in [#""tags""#, #""entries""#] where bytes.starts(with: key.utf8) {
      return .jrnl
    }
    return nil
  }
}
