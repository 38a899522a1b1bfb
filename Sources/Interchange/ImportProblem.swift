public import CalendarPaging

/// What is wrong with one malformed record; `InterchangeError.malformed` adds the line.
///
/// Each description is one clause in sentence case, the offending input in single quotes (cut
/// short and with control characters shown as `\u{…}`), with no trailing period.
public enum ImportProblem: Sendable, Equatable, CustomStringConvertible {
  /// The bytes are not valid UTF-8.
  case invalidUTF8
  /// The record is longer than the decoder accepts, in bytes.
  case recordTooLong(limit: Int)
  /// The input ends where more was needed.
  case unexpectedEnd(expected: String)
  /// A character that cannot stand here.
  case unexpectedCharacter(String, expected: String)
  /// A JSON string runs to the end of the input or of its line.
  case unterminatedString
  /// A control character (U+0000…U+001F) stands unescaped inside a JSON string.
  case controlCharacterInString(UInt8)
  /// A backslash escape JSON does not define.
  case invalidEscape(String)
  /// A `\uD800`…`\uDFFF` escape that is not half of a surrogate pair.
  case loneSurrogate(String)
  /// A malformed JSON number.
  case invalidNumber(String)
  /// An object names the same key twice.
  case duplicateKey(String)
  /// A field holds a value of the wrong JSON type.
  case wrongType(field: String, expected: String, found: String)
  /// A required field is absent.
  case missingField(String)
  /// A field is not a valid day; `expected` is the accepted form.
  case invalidDay(field: String, DayError, expected: String)
  /// A field is not a valid time; `expected` is the accepted form.
  case invalidTime(field: String, text: String, expected: String)
  /// A uid holds a control character.
  case invalidUID(String)
  /// The CSV header lacks a required column.
  case missingColumn(String)
  /// The CSV header, split at `separator` (`;`), lacks a required column.
  case missingColumnWithSeparator(String, separator: String)
  /// The CSV header names a column twice.
  case duplicateColumn(String)
  /// The CSV header is split by a separator calpager does not read (a tab, `|`).
  case unsupportedSeparator(String)
  /// A note's body is empty or only white space.
  case emptyBody
  /// A jrnl entry whose title and body are both empty or white space.
  case emptyEntry
  /// A jrnl journal's first text is not an entry line `[TIME] Title`.
  case expectedJRNLEntry(found: String)
  /// A jrnl entry line whose time is not in the journal's time format (`formats`: those tried).
  case invalidJRNLTime(text: String, formats: [String])
  /// The `ical` field does not hold an iCalendar journal; the reason says why.
  case invalidICal(String)
  /// A CSV record has a different number of fields than the header.
  case fieldCount(found: Int, expected: Int)
  /// A quoted CSV field runs to the end of the input.
  case unterminatedQuotedField
  /// A double quote inside a CSV field that is not quoted.
  case quoteInUnquotedField
  /// Something other than a comma or a line end follows a quoted CSV field.
  case characterAfterClosingQuote(String)
  /// A carriage return outside quotes that does not end a line.
  case bareCarriageReturn
  /// iCalendar input that does not start with `BEGIN:VCALENDAR`.
  case expectedCalendar(found: String)
  /// An iCalendar line that is not `NAME[;PARAM=…]:VALUE`.
  case notContentLine(String)
  /// An `END:` that does not match the open component.
  case mismatchedEnd(found: String, open: String)
  /// A component whose `END:` never comes.
  case unclosedComponent(String)
  /// A VJOURNAL lacks a property calpager needs.
  case missingProperty(String)
  /// A VJOURNAL holds a property twice that may appear once.
  case duplicateProperty(String)

  /// One clause saying what is wrong, such as `'day' is not a date: '2024-02-30', February 2024
  /// has 29 days, not 30`.
  public var description: String {
    switch self {
    case .invalidUTF8: return "invalid UTF-8"
    case .recordTooLong(let limit):
      return "the record is longer than \(limit / (1 << 20)) MiB"
    case .unexpectedEnd(let expected): return "unexpected end of input, expected \(expected)"
    case .unexpectedCharacter(let found, let expected):
      return "unexpected '\(found)', expected \(expected)"
    case .unterminatedString: return "unterminated string"
    case .controlCharacterInString(let byte):
      return "unescaped control character \(Quote.codePoint(UInt32(byte))) in a string"
    case .invalidEscape(let text): return "invalid escape '\(text)'"
    case .loneSurrogate(let text): return "lone surrogate '\(text)' is not a character"
    case .invalidNumber(let text): return "'\(text)' is not a JSON number"
    case .duplicateKey(let key): return "duplicate key '\(key)'"
    case .wrongType(let field, let expected, let found):
      return "'\(field)' must be \(expected), not \(found)"
    case .missingField(let field): return "missing '\(field)'"
    case .invalidDay(let field, let error, let expected):
      // DayError words why; the text read, when there is one, comes first.
      let text = error.text.map { Quote.quoted($0) + ", " } ?? ""
      return "'\(field)' is not a date: " + text + error.reason(expected: expected)
    case .invalidTime(let field, let text, let expected):
      return "'\(field)' is not a time: '\(text)', expected \(expected)"
    case .invalidUID(let text): return "'uid' contains a control character: '\(text)'"
    case .missingColumn(let name): return "the header has no '\(name)' column"
    case .missingColumnWithSeparator(let name, let separator):
      return "the header has no '\(name)' column (its fields are separated by '\(separator)')"
    case .duplicateColumn(let name): return "the header names '\(name)' twice"
    case .unsupportedSeparator(let separator):
      return "the header's fields are separated by \(separator): calpager reads ',' or ';'"
    case .emptyBody: return "'body' is empty or only white space: a note needs text"
    case .emptyEntry: return "the entry's 'title' and 'body' are empty: a note needs text"
    case .expectedJRNLEntry(let found):
      return "expected a jrnl entry line '[TIME] Title', found '\(found)'"
    case .invalidJRNLTime(let text, let formats):
      let names = formats.map { "'\(Quote.text($0))'" }
      let list =
        names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
      return "'\(text)' is not a time in the journal's format \(list) "
        + "(--time-format names another)"
    case .invalidICal(let reason): return "'ical' is not an iCalendar journal: \(reason)"
    case .fieldCount(let found, let expected):
      return "\(found) field\(found == 1 ? "" : "s"), but the header has \(expected)"
    case .unterminatedQuotedField: return "unterminated quoted field"
    case .quoteInUnquotedField:
      return "a '\"' inside an unquoted field: quote the field and double the quote"
    case .characterAfterClosingQuote(let found):
      return "unexpected '\(found)' after a closing quote, expected ',' or a line end"
    case .bareCarriageReturn: return "a carriage return outside quotes that ends no line"
    case .expectedCalendar(let found): return "expected 'BEGIN:VCALENDAR', found '\(found)'"
    case .notContentLine(let text):
      return "'\(text)' is not a content line: expected NAME:VALUE"
    case .mismatchedEnd(let found, let open): return "'\(found)' does not close 'BEGIN:\(open)'"
    case .unclosedComponent(let name): return "'BEGIN:\(name)' is never closed"
    case .missingProperty(let name): return "the VJOURNAL has no '\(name)'"
    case .duplicateProperty(let name): return "the VJOURNAL has '\(name)' twice"
    }
  }
}
