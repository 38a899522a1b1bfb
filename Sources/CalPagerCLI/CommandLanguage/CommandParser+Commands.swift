/// The words after the command word, turned into one `Command` with every shape checked.
struct Words {
  /// The argument words, in order.
  let all: [String]
  /// The index in `all` from which words came after `--` (`Int.max` when there was none).
  let literalFrom: Int
  /// The command's option values.
  let values: CommandOptionValues
  /// The command.
  let name: CommandName
  /// Command line or shell line.
  let mode: ParseMode

  /// Builds the command.
  ///
  /// - Throws: `UsageError` for a missing, extra or malformed argument or option value.
  func command() throws(UsageError) -> Command {
    switch name {
    case .show: return try nothingAfter(0, .show)
    case .today: return try nothingAfter(0, .today)
    case .undo: return try nothingAfter(0, .undo)
    case .check: return try nothingAfter(0, .check)
    case .shell: return try nothingAfter(0, .shell)
    case .quit: return try nothingAfter(0, .quit)
    case .begin: return try nothingAfter(0, .begin)
    case .commit: return try nothingAfter(0, .commit)
    case .rollback: return try nothingAfter(0, .rollback)
    case .next: return .next(count: try count(), withNotes: values.withNotes)
    case .prev: return .previous(count: try count(), withNotes: values.withNotes)
    case .goto: return try nothingAfter(1, .goto(try date(at: 0)))
    case .add:
      let day = try values.day.map { (given) throws(UsageError) in try date(given.value) }
      return .add(day: day, body: try body(from: 0))
    case .edit: return .edit(id: try id(at: 0), body: try body(from: 1))
    case .rm: return try nothingAfter(1, .remove(id: try id(at: 0)))
    case .mv: return try nothingAfter(2, .move(id: try id(at: 0), to: try date(at: 1)))
    case .list:
      let range = try all.first.map { (word) throws(UsageError) in try self.range(word) }
      return try nothingAfter(1, .list(range))
    case .search: return .search(query: try query())
    case .export: return try nothingAfter(0, .export(try exportOptions()))
    case .import: return try nothingAfter(1, .importNotes(try importOptions()))
    case .config: return .config(try configAction())
    case .backup: return try nothingAfter(1, .backup(path: try backupPath()))
    case .help: return .help(try helpTopic())
    }
  }

  func failure(_ message: String) -> UsageError {
    UsageError(message, usage: .command(name))
  }

  /// `command`, once no word is left from index `count` on.
  func nothingAfter(_ count: Int, _ command: Command) throws(UsageError) -> Command {
    try expectAtMost(count)
    return command
  }

  /// Throws when more than `count` words were given.
  func expectAtMost(_ count: Int) throws(UsageError) {
    guard all.count <= count else {
      throw failure("unexpected argument \(UsageError.quoted(all[count]))")
    }
  }

  /// Whether the word at `index` is a lone `-` meaning standard input (not after `--`).
  func isStandardInput(at index: Int) throws(UsageError) -> Bool {
    guard all[index] == "-", index < literalFrom else { return false }
    if mode == .shellLine {
      throw failure(
        "'-' (standard input) cannot be used in the line mode: standard input holds the "
          + "commands")
    }
    return true
  }

  func count() throws(UsageError) -> Int {
    guard let word = all.first else { return 1 }
    try expectAtMost(1)
    if let count = CommandParser.positiveNumber(word, limit: DateExpression.maximumOffset) {
      return count
    }
    let quoted = UsageError.quoted(word)
    if let magnitude = CommandParser.positiveNumber(word.dropFirst(), limit: Int.max),
      word.hasPrefix("-")
    {
      let opposite = name == .next ? "prev" : "next"
      throw failure(
        "\(quoted) is not a valid count: N must be positive; to go the other way, use "
          + "'\(opposite) \(magnitude)'")
    }
    if CommandParser.positiveNumber(word, limit: Int.max) != nil {
      throw failure(
        "\(quoted) is too large: days run from 0001-01-01 to 9999-12-31, "
          + "\(DateExpression.maximumOffset) days apart")
    }
    throw failure("\(quoted) is not a valid count: expected a positive whole number")
  }

  func id(at index: Int) throws(UsageError) -> Int {
    guard index < all.count else {
      throw failure("missing argument '<id>': expected a note id such as 12 or #12")
    }
    let word = all[index]
    let digits = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
    guard !digits.hasPrefix("+"), let id = CommandParser.positiveNumber(digits, limit: Int.max)
    else {
      throw failure(
        "\(UsageError.quoted(word)) is not a note id: expected a positive whole number such "
          + "as 12 or #12")
    }
    return id
  }

  func date(at index: Int) throws(UsageError) -> DateExpression {
    guard index < all.count else {
      throw failure(
        "missing argument '<date>': expected YYYY-MM-DD, today, yesterday, tomorrow, or "
          + "days from the selected day like +3 or -2")
    }
    return try date(all[index])
  }

  func date(_ word: String) throws(UsageError) -> DateExpression {
    do {
      return try DateExpression(parsing: word)
    } catch {
      throw failure(error.description)
    }
  }

  func range(_ word: String) throws(UsageError) -> RangeExpression {
    do {
      return try RangeExpression(parsing: word)
    } catch {
      throw failure(error.description)
    }
  }

  func body(from start: Int) throws(UsageError) -> NoteBody {
    guard start < all.count else { return .editor }
    if start == all.count - 1, try isStandardInput(at: start) { return .standardInput }
    let text = all[start...].joined(separator: " ")
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw failure(
        "the note text is empty: give some text, '-' to read standard input, or nothing to "
          + "open an editor")
    }
    return .text(text)
  }

  func query() throws(UsageError) -> String {
    let query = all.joined(separator: " ")
    guard query.contains(where: { !$0.isWhitespace }) else {
      throw failure(
        all.isEmpty
          ? "missing argument '<query>': give the words to search for"
          : "the search query is empty: give the words to search for")
    }
    return query
  }
}
