internal import CalendarPaging
internal import NoteModel

extension JSONNoteParser {
  private enum JRNLKey: Int {
    case title, body, date, time, starred, uuid
  }

  /// Reads one entry of `jrnl --export json`, starting at `index`.
  ///
  /// The note is on the entry's `date`; its body is the `title`, then a line break and the
  /// `body` when that is not empty; `created` and `updated` are the entry's `date` and `time`
  /// (`HH:MM`, local time in `zone`). The `tags` are
  /// left in the text (jrnl keeps them there); a `uuid` (jrnl's Day One journals have one)
  /// becomes the uid, else the note gets one from its content. Other keys are checked and
  /// ignored.
  ///
  /// - Returns: The note and whether the entry is starred.
  mutating func parseJRNLEntry(line: Int, zone: LocalZone) throws(ImportProblem) -> (
    DecodedNote, starred: Bool
  ) {
    skipWhitespace()
    try expect(UInt8(ascii: "{"), "an entry")
    var title: [UInt8] = []
    var body: [UInt8] = []
    var day: Day?
    var time = (hour: 0, minute: 0, second: 0)
    var starred = false
    var uid: String?
    try members(required: "date", key: Self.jrnlKey) { (parser, key) throws(ImportProblem) in
      switch key {
      case .title:
        title = try parser.string(field: "title") { (value) throws(ImportProblem) in
          _ = try FieldValues.text(value)
          return Array(value)
        }
      case .body:
        body = try parser.string(field: "body") { (value) throws(ImportProblem) in
          _ = try FieldValues.text(value)
          return Array(value)
        }
      case .date: day = try parser.day(field: "date")
      case .time:
        time = try parser.string(field: "time") { (value) throws(ImportProblem) in
          try Self.clockTime(value)
        }
      case .starred:
        switch parser.bytes[parser.index] {
        case UInt8(ascii: "t"):
          try parser.literal("true")
          starred = true
        case UInt8(ascii: "f"): try parser.literal("false")
        default:
          throw .wrongType(field: "starred", expected: "a boolean", found: parser.typeName())
        }
      case .uuid: uid = try parser.uid(field: "uuid")
      case nil:
        try parser.skipValue()
      }
    }
    guard let day else { throw .missingField("date") }
    var text = title
    if !body.isEmpty {
      text.append(0x0A)
      text += body
    }
    guard text.withUnsafeBufferPointer(FieldValues.hasText) else { throw .emptyEntry }
    let instant = zone.timestamp(
      day: day, hour: time.hour, minute: time.minute, second: time.second)
    let note = DecodedNote(
      uid: uid, day: day, body: String(decoding: text, as: UTF8.self), created: instant,
      updated: instant, line: line)
    return (note, starred)
  }

  private static func jrnlKey(_ name: UnsafeBufferPointer<UInt8>) -> JRNLKey? {
    func equals(_ literal: StaticString) -> Bool {
      literal.withUTF8Buffer { $0.elementsEqual(name) }
    }
    switch name.count {
    case 4:
      return equals("body")
        ? .body : equals("date") ? .date : equals("time") ? .time : equals("uuid") ? .uuid : nil
    case 5: return equals("title") ? .title : nil
    case 7: return equals("starred") ? .starred : nil
    default: return nil
    }
  }

  /// `HH:MM` or `HH:MM:SS`, as jrnl writes an entry's time.
  private static func clockTime(_ value: UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> (
    hour: Int, minute: Int, second: Int
  ) {
    func problem() -> ImportProblem {
      .invalidTime(field: "time", text: Quote.bytes(value), expected: "HH:MM")
    }
    guard value.count == 5 || (value.count == 8 && value[5] == UInt8(ascii: ":")),
      value[2] == UInt8(ascii: ":"), let hour = Timestamp.twoDigits(value, 0),
      let minute = Timestamp.twoDigits(value, 3), hour < 24, minute < 60
    else { throw problem() }
    guard value.count == 8 else { return (hour, minute, 0) }
    guard let second = Timestamp.twoDigits(value, 6), second < 60 else { throw problem() }
    return (hour, minute, second)
  }
}
