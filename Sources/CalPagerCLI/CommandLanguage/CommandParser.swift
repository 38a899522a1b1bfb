/// Turns the words of a command line, or of one line of `calpager shell`, into an `Invocation`.
///
/// - Global options (`--db`, `--json`, `--color`, `--width`, `--version`, `-h`/`--help`) go
///   before or after the command word; a command's own options go anywhere before `--` too,
///   and are checked against the command once it is known.
/// - `--opt value` and `--opt=value` both work. A value may not look like an option: a word
///   starting with `-` is an option unless it is `-` alone or a negative number (`-2`), so
///   `goto -2` and `add --day -1 text` work; `--opt=-x` passes anything.
/// - `--` ends the options: every later word is an argument, and a lone `-` after it is the
///   text `-`, not standard input.
/// - `-h`/`--help` anywhere before `--` asks for the help of the command (or the overview),
///   whatever else is wrong, unless the command word itself is unknown.
/// - A repeated option keeps its last value.
enum CommandParser {
  /// Parses one command.
  ///
  /// - Parameters:
  ///   - arguments: The words, without the program name.
  ///   - mode: Whether they come from the command line or from a `calpager shell` line.
  /// - Returns: The global options and the command.
  /// - Throws: `UsageError` naming what is wrong, with the relevant command's usage.
  /// - Complexity: O(n) in the total length of `arguments`.
  static func parse(
    _ arguments: [String], mode: ParseMode = .commandLine
  ) throws(UsageError) -> Invocation {
    var scan = Scan(mode: mode)
    try scan.run(arguments)
    let command = scan.command ?? .show
    let usage = UsageError.Usage.command(command)
    if scan.helpRequested {
      return Invocation(options: scan.options, command: .help(scan.command))
    }
    if scan.versionRequested {
      return Invocation(options: scan.options, command: .version)
    }
    if let message = scan.firstError {
      throw UsageError(message, usage: scan.command == nil ? .root : usage)
    }
    for option in scan.commandOptions where !CommandSpec.spec(for: command).accepts(option) {
      throw UsageError("'\(command.rawValue)' has no option '\(option.long)'", usage: usage)
    }
    if command.isLineModeOnly && mode == .commandLine {
      throw UsageError(
        "'\(scan.commandWord ?? command.rawValue)' works only in the line mode ('calpager shell')",
        usage: usage)
    }
    if command == .shell && mode == .shellLine {
      throw UsageError("'shell' cannot be used inside the line mode", usage: usage)
    }
    let words = Words(
      all: scan.words, literalFrom: scan.literalFrom ?? Int.max, values: scan.values,
      name: command, mode: mode)
    return Invocation(options: scan.options, command: try words.command())
  }

  /// Tokenizes and parses one line of `calpager shell`; nil for a blank or comment line.
  ///
  /// - Throws: `UsageError` from the tokenizer (quoting, encoding) or the parser.
  static func parseLine(_ line: String) throws(UsageError) -> Invocation? {
    var line = line
    return try line.withUTF8 { bytes in
      Result { () throws(UsageError) in try parseLine(bytes) }
    }.get()
  }

  /// `parseLine` over the line's bytes, as the line mode reads them.
  static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(UsageError) -> Invocation? {
    let words = try Tokenizer.words(in: bytes)
    if words.isEmpty { return nil }
    return try parse(words, mode: .shellLine)
  }

  /// `; did you mean '…'?` for the candidate nearest `word`, or an empty string.
  static func suggestion(for word: some StringProtocol, among candidates: [String]) -> String {
    guard let nearest = Suggestion.nearest(to: word, among: candidates) else { return "" }
    return "; did you mean '\(nearest)'?"
  }

  /// Every spelling of the options `command` accepts, for suggestions.
  static func optionSpellings(for command: CommandName?) -> [String] {
    let spec = command.map(CommandSpec.spec(for:))
    return OptionName.allCases.filter { spec?.accepts($0) ?? $0.isGlobal }.flatMap(\.spellings)
  }
}

/// Words that stand for other commands, for suggestions only: `remove` → `rm`.
private let commandAliases: [String: CommandName] = [
  "remove": .rm, "delete": .rm, "del": .rm, "move": .mv, "previous": .prev, "back": .prev,
  "forward": .next, "ls": .list, "find": .search, "grep": .search, "go": .goto, "jump": .goto,
  "new": .add, "create": .add, "settings": .config, "set": .config, "q": .quit,
]

/// The first pass: options, the command word and the argument words, in one left-to-right scan.
private struct Scan {
  let mode: ParseMode
  var options = GlobalOptions()
  var command: CommandName?
  /// The command word as typed (`exit` for `.quit`).
  var commandWord: String?
  var words: [String] = []
  /// The index in `words` from which words came after `--`.
  var literalFrom: Int?
  var values = CommandOptionValues()
  /// The command options given, in order, to check against the command at the end.
  var commandOptions: [OptionName] = []
  var helpRequested = false
  var versionRequested = false
  /// The first problem met; reported unless help or the version was asked for.
  var firstError: String?

  init(mode: ParseMode) {
    self.mode = mode
  }

  mutating func run(_ arguments: [String]) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if literalFrom != nil || !CommandParser.isOptionLike(word) {
        try take(word)
      } else if word == "--" {
        literalFrom = words.count
      } else {
        readOption(word, arguments, &index)
      }
    }
  }

  /// A word that is not an option: the command word, or an argument of the command.
  mutating func take(_ word: String) throws(UsageError) {
    if command != nil {
      words.append(word)
      return
    }
    if let name = CommandName(word: word) {
      command = name
      commandWord = word
      return
    }
    throw unknownCommand(word)
  }

  func unknownCommand(_ word: String) -> UsageError {
    if let message = firstError { return UsageError(message, usage: .root) }
    var message = "unknown command \(UsageError.quoted(word))"
    let names = CommandName.available(in: mode).map(\.rawValue)
    if let nearest = Suggestion.nearest(to: word, among: names) {
      message += "; did you mean '\(nearest)'?"
    } else if let alias = commandAliases[word.lowercased()],
      CommandName.available(in: mode).contains(alias)
    {
      message += "; did you mean '\(alias.rawValue)'?"
    } else if word == "calpager" && mode == .shellLine {
      message += ": in the line mode, leave out 'calpager'"
    } else if (try? DateExpression(parsing: word)) != nil {
      message += "; to select that day, use 'goto \(word)'"
    }
    return UsageError(message, usage: .root)
  }

  mutating func readOption(_ word: String, _ arguments: [String], _ index: inout Int) {
    var spelling = Substring(word)
    var inlineValue: Substring?
    // Look for `=` among scalars, not Characters: `=` followed by a combining mark is one
    // Character, and the mark belongs to the value.
    let scalars = word.unicodeScalars
    if word.utf8.starts(with: "--".utf8), let equals = scalars.firstIndex(of: "=") {
      spelling = Substring(scalars[..<equals])
      inlineValue = Substring(scalars[scalars.index(after: equals)...])
    }
    guard let option = OptionName(spelling: spelling) else {
      if firstError == nil { firstError = unknownOption(spelling) }
      return
    }
    var value: String?
    if option.valueName != nil {
      if let inlineValue {
        value = String(inlineValue)
      } else if index < arguments.count, !CommandParser.isOptionLike(arguments[index]) {
        value = arguments[index]
        index += 1
      } else {
        record("missing value for '\(spelling) <\(option.valueName ?? "")>'")
        return
      }
    } else if inlineValue != nil {
      record("'\(spelling)' takes no value")
      return
    }
    apply(option, value ?? "", spelling: spelling)
  }

  mutating func apply(_ option: OptionName, _ value: String, spelling: Substring) {
    switch option {
    case .help: helpRequested = true
    case .version: versionRequested = true
    case .json: options.json = true
    case .database:
      if mode == .shellLine {
        record("'--db' cannot be used in the line mode: give it to 'calpager shell' instead")
      } else if value.isEmpty {
        record("the database path given to '--db' is empty")
      } else {
        options.databasePath = value
      }
    case .color:
      if let color = ColorMode(rawValue: value) {
        options.color = color
      } else {
        record(
          "\(UsageError.quoted(value)) is not a colour mode: expected auto, always or never"
            + CommandParser.suggestion(for: value, among: ColorMode.allCases.map(\.rawValue)))
      }
    case .width:
      switch CommandParser.positiveNumber(value, limit: 10_000) {
      case .some(let width): options.width = width
      case .none:
        record(
          "\(UsageError.quoted(value)) is not a valid width: expected a whole number of "
            + "columns from 1 to 10000")
      }
    case .withNotes, .day, .format, .from, .to, .output, .dryRun:
      values.set(option, value, spelling: String(spelling))
      commandOptions.append(option)
    }
  }

  func unknownOption(_ spelling: Substring) -> String {
    let message = "unknown option \(UsageError.quoted(spelling))"
    let suggestion = CommandParser.suggestion(
      for: spelling, among: CommandParser.optionSpellings(for: command))
    if !suggestion.isEmpty { return message + suggestion }
    if command == .add || command == .edit || command == .search {
      return message + "; to use it as text, put '--' before it"
    }
    return message
  }

  /// Keeps the first problem only; later messages are not even built, so a line of a
  /// thousand bad options costs no more than one.
  mutating func record(_ message: @autoclosure () -> String) {
    if firstError == nil { firstError = message() }
  }
}

extension CommandParser {
  /// Whether `word` is an option rather than a value: it starts with `-` and is neither `-`
  /// alone nor a negative number.
  static func isOptionLike(_ word: String) -> Bool {
    var bytes = word.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "-"), let second = bytes.next() else { return false }
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
  }
}
