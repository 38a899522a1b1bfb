internal import CalendarPaging
internal import NoteModel

/// jrnl's own plain-text journal file, one entry at a time: each entry starts with a line
/// `[TIME] Title` and holds the lines after it, up to the next such line, as its body.
///
/// jrnl writes an entry as its title line, its body, and a blank line between entries; a
/// starred entry's title ends with ` *`. So the blank lines that end a body are the separator
/// and are dropped (as jrnl drops them), while blank lines inside a body are kept. The note is
/// what jrnl's JSON export gives (`parseJRNLEntry`): the title, then a line break and the body
/// when there is one, on the entry's day, created and updated at its time in `zone`, with a uid
/// from its content.
///
/// The `[TIME]` is read with the first of `formats` that reads the first entry's, and then with
/// that one only (a journal has one `timeformat`). A line that starts like an entry line with a
/// time (`[` and a digit, at least four digits before the `]`) but is not one in that format is
/// malformed: a mistyped time is said, not folded into the entry before it. Other lines starting
/// with `[` (`[link] …`, a footnote `[1] …`) are body text.
struct JRNLTextDecoder {
  private let zone: LocalZone
  private var formats: [JRNLTimeFormat]
  /// The entry line read but not yet returned: the next entry's start.
  private var pending:
    (title: [UInt8], time: (day: Day, hour: Int, minute: Int, second: Int), line: Int)?
  private var started = false
  /// Starred entries read so far.
  private(set) var starred = 0

  init(zone: LocalZone, formats: [JRNLTimeFormat]) {
    precondition(!formats.isEmpty, "jrnl-text needs a time format")
    self.zone = zone
    self.formats = formats
  }

  mutating func next(from reader: inout ByteReader) throws -> DecodedNote? {
    if !started {
      started = true
      _ = try reader.skipByteOrderMark()
      // Blank lines before the first entry are nothing; any other text must be an entry line.
      while let line = try reader.nextLine() {
        let bytes = Self.copy(reader, line)
        let number = reader.line
        if !FieldValues.hasTextIn(bytes) {
          reader.consumeLine(line)
          continue
        }
        reader.consumeLine(line)
        guard let entry = try entryLine(bytes, line: number) else {
          throw RecordProblem(
            line: number, problem: .expectedJRNLEntry(found: Quote.bytes(bytes)))
        }
        pending = entry
        break
      }
    }
    guard let entry = pending else { return nil }
    pending = nil
    var body: [[UInt8]] = []
    while let line = try reader.nextLine(recordLine: entry.line) {
      let bytes = Self.copy(reader, line)
      let number = reader.line
      reader.consumeLine(line)
      if let next = try entryLine(bytes, line: number) {
        pending = next
        break
      }
      body.append(bytes)
    }
    return try note(entry, body: body)
  }

  /// The entry `bytes` (one line, without its line break) starts, or nil when it is body text.
  private mutating func entryLine(_ bytes: [UInt8], line: Int) throws -> (
    title: [UInt8], time: (day: Day, hour: Int, minute: Int, second: Int), line: Int
  )? {
    guard bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")),
      close + 1 == bytes.count || bytes[close + 1] == 0x20
    else { return nil }
    let stamp = bytes[1..<close]
    let title = close + 2 < bytes.count ? Array(bytes[(close + 2)...]) : []
    for (index, format) in formats.enumerated() {
      guard let time = format.read(stamp) else { continue }
      // The first entry decides the journal's format.
      if formats.count > 1 { formats = [formats[index]] }
      return (title, time, line)
    }
    let digits = stamp.count { (0x30...0x39).contains($0) }
    guard let first = stamp.first, (0x30...0x39).contains(first), digits >= 4 else { return nil }
    throw RecordProblem(
      line: line,
      problem: .invalidJRNLTime(text: Quote.bytes(stamp), formats: formats.map(\.pattern)))
  }

  private mutating func note(
    _ entry: (title: [UInt8], time: (day: Day, hour: Int, minute: Int, second: Int), line: Int),
    body lines: [[UInt8]]
  ) throws -> DecodedNote {
    var title = entry.title
    while title.last == 0x20 || title.last == 0x09 || title.last == 0x0D { title.removeLast() }
    if title.count >= 2, title.suffix(2).elementsEqual(" *".utf8) {
      title.removeLast(2)
      starred += 1
    }
    while title.last == 0x20 { title.removeLast() }
    var lines = lines.map { line in line.last == 0x0D ? Array(line.dropLast()) : line }
    while let last = lines.last, !FieldValues.hasTextIn(last) { lines.removeLast() }
    while let first = lines.first, !FieldValues.hasTextIn(first) { lines.removeFirst() }
    var text = title
    if !lines.isEmpty {
      text.append(0x0A)
      text += Array(lines.joined(separator: [0x0A]))
    }
    do throws(ImportProblem) {
      _ = try text.withUnsafeBufferPointer { (bytes) throws(ImportProblem) in
        try FieldValues.text(bytes)
      }
    } catch {
      throw RecordProblem(line: entry.line, problem: error)
    }
    guard FieldValues.hasTextIn(text) else {
      throw RecordProblem(line: entry.line, problem: .emptyEntry)
    }
    let time = entry.time
    let instant = zone.timestamp(
      day: time.day, hour: time.hour, minute: time.minute, second: time.second)
    return DecodedNote(
      uid: nil, day: time.day, body: String(decoding: text, as: UTF8.self), created: instant,
      updated: instant, line: entry.line)
  }

  private static func copy(_ reader: ByteReader, _ line: (length: Int, hasNewline: Bool))
    -> [UInt8]
  {
    reader.withBytes { Array($0[..<line.length]) }
  }
}

extension FieldValues {
  /// `hasText` of an array.
  static func hasTextIn(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer(hasText)
  }
}
