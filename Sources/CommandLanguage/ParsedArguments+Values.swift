import CalendarPaging
import DisplayText

/// Where the text of a note added or edited comes from.
public enum NoteBody: Hashable, Sendable {
  /// The words given, joined by one space.
  case text(String)
  /// Standard input, asked for with a lone `-` (not after `--`).
  case standardInput
  /// `$VISUAL` or `$EDITOR` on a temporary file: no text was given.
  case editor
}

/// Readers of typed arguments: each names the argument by its spec's label when it is
/// missing, and says what is accepted when it is malformed.
extension ParsedArguments {
  /// Throws when more than `count` words were given.
  public func expectAtMost(_ count: Int) throws(UsageError) {
    guard words.count <= count else {
      throw failure("unexpected argument \(Quote.quoted(words[count]))")
    }
  }

  /// The word at `index`, or a "missing argument" error naming its label and `expected`.
  public func word(at index: Int, expected: String? = nil) throws(UsageError) -> String {
    guard index < words.count else {
      let label = spec.argumentLabel(at: index)
      throw failure("missing argument '\(label)'" + (expected.map { ": " + $0 } ?? ""))
    }
    return words[index]
  }

  /// Whether the word at `index` is a lone `-` meaning standard input (not after `--`).
  ///
  /// - Throws: In the line mode, where standard input holds the commands.
  public func isStandardInput(at index: Int) throws(UsageError) -> Bool {
    guard index < words.count, words[index] == "-", index < literalFrom else { return false }
    if mode == .shellLine {
      throw failure(
        "'-' (standard input) cannot be used in the line mode: standard input holds the "
          + "commands")
    }
    return true
  }

  /// The optional count `N` of `next [N]` and `prev [N]`: 1 when absent.
  ///
  /// - Parameter opposite: The command going the other way, suggested for a negative count.
  /// - Returns: The count, 1 to the days between the calendar's edges.
  /// - Throws: `UsageError` for anything but one positive whole number in range.
  public func count(opposite: String) throws(UsageError) -> Int {
    guard let word = words.first else { return 1 }
    try expectAtMost(1)
    if let count = Self.positiveNumber(word, limit: DateExpression.maximumOffset) {
      return count
    }
    let quoted = Quote.quoted(word)
    if let magnitude = Self.positiveNumber(word.dropFirst(), limit: Int.max),
      word.hasPrefix("-")
    {
      throw failure(
        "\(quoted) is not a valid count: N must be positive; to go the other way, use "
          + "'\(opposite) \(magnitude)'")
    }
    if Self.positiveNumber(word, limit: Int.max) != nil {
      throw failure(
        "\(quoted) is too large: days run from 0001-01-01 to 9999-12-31, "
          + "\(DateExpression.maximumOffset) days apart")
    }
    throw failure("\(quoted) is not a valid count: expected a positive whole number")
  }

  /// The note id at `index`: `12` or `#12`.
  public func id(at index: Int) throws(UsageError) -> Int {
    let word = try word(at: index, expected: "expected a note id such as 12 or #12")
    let digits = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
    guard !digits.hasPrefix("+"), let id = Self.positiveNumber(digits, limit: Int.max) else {
      throw failure(
        "\(Quote.quoted(word)) is not a note id: expected a positive whole number such as 12 "
          + "or #12")
    }
    return id
  }

  /// The DATE at `index`.
  public func date(at index: Int) throws(UsageError) -> DateExpression {
    try date(word(at: index, expected: "expected " + DateExpressionError.dateForms))
  }

  /// `word` read as a DATE.
  public func date(_ word: String) throws(UsageError) -> DateExpression {
    do {
      return try DateExpression(parsing: word)
    } catch {
      throw failure(error.description)
    }
  }

  /// The DATE value of `option`, or nil when it was not given.
  public func date(_ option: Option) throws(UsageError) -> DateExpression? {
    guard let given = value(option) else { return nil }
    return try date(given.value)
  }

  /// The DATE values of `from` and `to` (`--from`, `--to`), each nil when not given.
  ///
  /// - Throws: `UsageError` for a value that is not a DATE, or when both name fixed days and
  ///   `from` is after `to`.
  public func dateBounds(from: Option, to: Option) throws(UsageError)
    -> (from: DateExpression?, to: DateExpression?)
  {
    let first = try date(from)
    let last = try date(to)
    if let first, let last, first.isAbsolute, last.isAbsolute {
      do {
        // Any days will do: fixed days ignore them.
        _ = try DateExpression.days(from: first, to: last, today: .first, selected: .first)
      } catch {
        throw failure(error.description)
      }
    }
    return (first, last)
  }

  /// The unit `option` names (`--by day|week|month`), or nil when it was not given.
  ///
  /// - Throws: `UsageError` naming the value and the units there are.
  public func unit(_ option: Option) throws(UsageError) -> CalendarUnit? {
    guard let given = value(option) else { return nil }
    do {
      return try CalendarUnit(parsing: given.value)
    } catch {
      throw failure(
        error.description
          + Suggestion.phrase(for: given.value, among: CalendarUnit.allCases.map(\.rawValue)))
    }
  }

  /// `word` read as a RANGE.
  public func range(_ word: String) throws(UsageError) -> RangeExpression {
    do {
      return try RangeExpression(parsing: word)
    } catch {
      throw failure(error.description)
    }
  }

  /// The text of a note from the words at `start` on: the words joined by one space, `-` for
  /// standard input, or no words for the editor.
  public func body(from start: Int) throws(UsageError) -> NoteBody {
    guard start < words.count else { return .editor }
    if start == words.count - 1, try isStandardInput(at: start) { return .standardInput }
    let text = words[start...].joined(separator: " ")
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw failure(
        "the note text is empty: give some text, '-' to read standard input, or nothing to "
          + "open an editor")
    }
    return .text(text)
  }

  /// Every word joined by one space, as a search query.
  public func query() throws(UsageError) -> String {
    let query = words.joined(separator: " ")
    guard query.contains(where: { !$0.isWhitespace }) else {
      throw failure(
        words.isEmpty
          ? "missing argument '\(spec.argumentLabel(at: 0).split(separator: " ")[0])': give "
            + "the words to search for"
          : "the search query is empty: give the words to search for")
    }
    return query
  }

  /// The file name at `index`, not empty.
  public func file(at index: Int, expected: String) throws(UsageError) -> String {
    let file = try word(at: index, expected: expected)
    guard !file.isEmpty else { throw failure("the file name is empty") }
    return file
  }

  /// The value of `option` when it is one of `choices`, nil when it was not given.
  ///
  /// - Parameters:
  ///   - option: The option.
  ///   - choices: The values it accepts.
  ///   - what: What the value is, for the message: `a format`.
  /// - Returns: The value given, or nil.
  /// - Throws: `UsageError` naming the value and the choices.
  public func choice(_ option: Option, among choices: [String], what: String) throws(UsageError)
    -> String?
  {
    guard let given = value(option) else { return nil }
    guard choices.contains(given.value) else {
      throw failure(
        "\(Quote.quoted(given.value)) is not \(what): expected \(Self.list(choices, or: true))"
          + Suggestion.phrase(for: given.value, among: choices))
    }
    return given.value
  }

  /// The value of `word` when it is a whole number from 1 to `limit`, written as decimal
  /// digits with an optional leading `+`; nil otherwise.
  public static func positiveNumber(_ word: some StringProtocol, limit: Int) -> Int? {
    var digits = Substring(word)
    if digits.hasPrefix("+") { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.count <= 18 else { return nil }
    var value = 0
    for byte in digits.utf8 {
      let digit = Int(byte) &- 48
      guard digit >= 0 && digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value >= 1 && value <= limit ? value : nil
  }

  /// `a, b or c` (or `and`).
  public static func list(_ items: [String], or: Bool) -> String {
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
  }
}
