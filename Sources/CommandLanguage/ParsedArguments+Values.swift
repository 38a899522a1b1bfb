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

/// Readers of typed arguments, which the keys' readers call: each names the argument by its
/// label when it is missing, and says what is accepted when it is malformed.
extension ParsedArguments {
  /// Throws when more than `count` words were given.
  public func expectAtMost(_ count: Int) throws(UsageError) {
    guard words.count <= count else {
      throw failure("unexpected argument \(Quote.quoted(words[count]))")
    }
  }

  /// The word at `slot`, or a "missing argument" error naming its label and `expected`.
  public func word(at slot: ArgumentSlot, expected: String? = nil) throws(UsageError) -> String {
    guard slot.index < words.count else {
      throw failure("missing argument '\(slot.label)'" + (expected.map { ": " + $0 } ?? ""))
    }
    return words[slot.index]
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

  /// The optional count `N` at `slot` (`next [N]`, `prev [N]`): 1 when absent.
  ///
  /// - Parameters:
  ///   - slot: Where the count is; no word may follow it.
  ///   - opposite: The command going the other way, suggested for a negative count.
  /// - Returns: The count, 1 to the days between the calendar's edges.
  /// - Throws: `UsageError` for anything but one positive whole number in range.
  public func count(at slot: ArgumentSlot, opposite: String) throws(UsageError) -> Int {
    guard slot.index < words.count else { return 1 }
    let word = words[slot.index]
    try expectAtMost(slot.index + 1)
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
    // Any run of digits (past Int's range too) is a count, too large for the calendar.
    let digits = word.hasPrefix("+") ? word.utf8.dropFirst() : word.utf8[...]
    if !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
      digits.contains(where: { $0 != 0x30 })
    {
      throw failure(
        "\(quoted) is too large: days run from 0001-01-01 to 9999-12-31, "
          + "\(DateExpression.maximumOffset) days apart")
    }
    throw failure("\(quoted) is not a valid count: expected a positive whole number")
  }

  /// The note id at `slot`: `12` or `#12`.
  public func id(at slot: ArgumentSlot) throws(UsageError) -> Int {
    let word = try word(at: slot, expected: "expected a note id such as 12 or #12")
    let digits = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
    guard !digits.hasPrefix("+"), let id = Self.positiveNumber(digits, limit: Int.max) else {
      throw failure(
        "\(Quote.quoted(word)) is not a note id: expected a positive whole number such as 12 "
          + "or #12")
    }
    return id
  }

  /// The DATE at `slot`.
  public func date(at slot: ArgumentSlot) throws(UsageError) -> DateExpression {
    try date(word(at: slot, expected: "expected " + DateExpressionError.dateForms))
  }

  /// `word` read as a DATE.
  public func date(_ word: String) throws(UsageError) -> DateExpression {
    do {
      return try DateExpression(parsing: word)
    } catch {
      throw failure(error.description)
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

  /// The words from `slot` on, as a search query: not all blank.
  public func query(at slot: ArgumentSlot) throws(UsageError) -> [String] {
    let query = words[min(slot.index, words.count)...]
    guard query.contains(where: { $0.contains { !$0.isWhitespace } }) else {
      throw failure(
        query.isEmpty
          ? "missing argument '\(slot.label.split(separator: " ")[0])': give the words to "
            + "search for"
          : "the search query is empty: give the words to search for")
    }
    return Array(query)
  }

  /// The file name at `slot`, not empty.
  public func file(at slot: ArgumentSlot, expected: String) throws(UsageError) -> String {
    let file = try word(at: slot, expected: expected)
    guard !file.isEmpty else { throw failure("the file name is empty") }
    return try expandingHome(file, homeRelativeWords.contains(slot.index))
  }

  /// `file` with its leading `~` replaced by `$HOME` when it was typed so (`relative`), as a
  /// shell does.
  ///
  /// - Throws: When `$HOME` is unset or not an absolute path: the file would otherwise be
  ///   made under a folder named `~`.
  public func expandingHome(_ file: String, _ relative: Bool) throws(UsageError) -> String {
    guard relative, file.hasPrefix("~") else { return file }
    guard let home, home.hasPrefix("/") else {
      throw failure("cannot expand '~' in \(Quote.quoted(file)): $HOME is not an absolute path")
    }
    let rest = file.dropFirst()
    return (home.hasSuffix("/") && rest.hasPrefix("/") ? String(home.dropLast()) : home) + rest
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
