import CalendarPaging
import DisplayText

/// Turns the words of a command line, or of one line of `calpager shell`, into an `Invocation`.
///
/// - Global options (`--db`, `--json`, `--color`, `--width`, `--version`, `-h`/`--help`) go
///   before or after the command word; a command's own options go anywhere before `--` too,
///   and are checked against the command's spec once it is known.
/// - `--opt value`, `--opt=value` and, for a short option, `-ovalue` all work. A value may not
///   look like an option: a word starting with `-` is an option unless it is `-` alone or a
///   negative number (`-2`), so `goto -2` and `add --day -1 text` work; `--opt=-x` passes
///   anything.
/// - `--` ends the options: every later word is an argument, and a lone `-` after it is the
///   text `-`, not standard input.
/// - `-h`/`--help` anywhere before `--` asks for the help of the command (or the overview),
///   whatever else is wrong, unless the command word itself is unknown.
/// - A repeated option keeps its last value.
/// - A command that takes `-word`s (`search`) reads a word starting with a single `-` that is
///   none of its options as an argument: `search bank -mortgage`.
///
/// The arguments are left as words for the command to read through the keys it declared them
/// with (`ParsedArguments.read(_:)`).
public enum CommandParser {
  /// Parses one command.
  ///
  /// - Parameters:
  ///   - arguments: The words, without the program name.
  ///   - mode: Whether they come from the command line or from a `calpager shell` line.
  ///   - grammar: The commands there are.
  ///   - homeRelative: The indexes of the words that start with an unquoted `~` (see
  ///     `Tokenizer.words(in:homeRelative:)`): a file name among them starts at `home`.
  ///   - home: `$HOME`, for those words.
  /// - Returns: The global options and what was asked for.
  /// - Throws: `UsageError` naming what is wrong, with the relevant command's usage.
  /// - Complexity: O(n) in the total length of `arguments`.
  public static func parse(
    _ arguments: [String], mode: ParseMode = .commandLine, grammar: Grammar,
    homeRelative: Set<Int> = [], home: String? = nil
  ) throws(UsageError) -> Invocation {
    var scan = Scan(mode: mode, grammar: grammar)
    scan.homeRelative = homeRelative
    try scan.run(arguments)
    let spec = scan.command ?? grammar.defaultSpec
    if scan.helpRequested {
      return Invocation(options: scan.options, request: .help(scan.command?.name))
    }
    if scan.versionRequested {
      return Invocation(options: scan.options, request: .version)
    }
    // The usage lines are written only for an error: most lines parse.
    if let message = scan.firstError {
      throw scan.command == nil ? UsageError(message, usage: .root) : spec.failure(message)
    }
    for option in scan.commandOptions where !spec.accepts(option) {
      throw spec.failure("'\(spec.name)' has no option '\(option.long)'")
    }
    if spec.isLineModeOnly && mode == .commandLine {
      throw spec.failure(
        "'\(scan.commandWord ?? spec.name)' works only in the line mode ('calpager shell')")
    }
    if case .commandLineOnly = spec.availability, mode == .shellLine {
      throw spec.failure("'\(spec.name)' cannot be used inside the line mode")
    }
    var parsed = ParsedArguments(
      spec: spec, words: scan.words, literalFrom: scan.literalFrom ?? .max, mode: mode,
      values: scan.values)
    parsed.home = home
    parsed.homeRelativeWords = scan.homeRelativeWords
    return Invocation(options: scan.options, request: .command(parsed))
  }

  /// Tokenizes and parses one line of `calpager shell`; nil for a blank or comment line.
  ///
  /// - Throws: `UsageError` from the tokenizer (quoting, encoding) or the parser.
  /// A file name typed as `~` or `~/…` (unquoted) starts at `home`, as in a shell: a
  /// folder named `~` in the current directory is a trap (its clean-up, `rm -rf ~`, removes
  /// the home folder).
  public static func parseLine(_ line: String, grammar: Grammar, home: String? = nil)
    throws(UsageError) -> Invocation?
  {
    var line = line
    return try line.withUTF8 { bytes in
      Result { () throws(UsageError) in try parseLine(bytes, grammar: grammar, home: home) }
    }.get()
  }

  /// `parseLine` over the line's bytes, as the line mode reads them.
  public static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, grammar: Grammar, home: String? = nil
  ) throws(UsageError) -> Invocation? {
    var homeRelative: Set<Int> = []
    let words = try Tokenizer.words(in: bytes, homeRelative: &homeRelative)
    if words.isEmpty { return nil }
    return try parse(
      words, mode: .shellLine, grammar: grammar, homeRelative: homeRelative, home: home)
  }

  /// Whether `word` is an option rather than a value: it starts with `-` and is neither `-`
  /// alone nor a negative number.
  public static func isOptionLike(_ word: String) -> Bool {
    var bytes = word.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "-"), let second = bytes.next() else { return false }
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
  }
}

/// The one pass: options, the command word and the argument words, left to right.
private struct Scan {
  let mode: ParseMode
  let grammar: Grammar
  var options = GlobalOptions()
  var command: CommandSpec?
  /// The command word as typed (`exit` for `quit`).
  var commandWord: String?
  var words: [String] = []
  /// The index in `words` from which words came after `--`.
  var literalFrom: Int?
  var values: [Option: ParsedArguments.Given] = [:]
  /// The command options given, in order, to check against the command at the end.
  var commandOptions: [Option] = []
  var helpRequested = false
  var versionRequested = false
  /// The first problem met; reported unless help or the version was asked for.
  var firstError: String?
  /// The indexes of the arguments that start with an unquoted `~`.
  var homeRelative: Set<Int> = []
  /// The indexes in `words` of those.
  var homeRelativeWords: Set<Int> = []
  /// Whether the value of the option being read came from such an argument.
  var valueIsHomeRelative = false

  init(mode: ParseMode, grammar: Grammar) {
    self.mode = mode
    self.grammar = grammar
  }

  mutating func run(_ arguments: [String]) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if literalFrom != nil || !CommandParser.isOptionLike(word) || isDashWord(word) {
        let count = words.count
        try take(word)
        if words.count > count, homeRelative.contains(index - 1) {
          homeRelativeWords.insert(count)
        }
      } else if word == "--" {
        literalFrom = words.count
      } else {
        readOption(word, arguments, &index)
      }
    }
  }

  /// Whether `word`, which looks like an option, is an argument of a command that takes
  /// `-word`s: it starts with a single `-` and spells none of the command's options.
  func isDashWord(_ word: String) -> Bool {
    guard let command, command.takesDashWords, !word.utf8.starts(with: "--".utf8) else {
      return false
    }
    guard let option = grammar.option(spelled: word) else { return true }
    return !command.accepts(option)
  }

  /// A word that is not an option: the command word, or an argument of the command.
  mutating func take(_ word: String) throws(UsageError) {
    if command != nil {
      words.append(word)
      return
    }
    if let spec = grammar.command(named: word) {
      command = spec
      commandWord = word
      return
    }
    throw unknownCommand(word)
  }

  func unknownCommand(_ word: String) -> UsageError {
    if let message = firstError { return UsageError(message, usage: .root) }
    var message = "unknown command \(Quote.quoted(word))"
    let available = grammar.commands(in: mode)
    let names = available.map(\.name)
    if let nearest = Suggestion.nearest(to: word, among: names) {
      message += "; did you mean '\(nearest)'?"
    } else if let alias = grammar.suggestionAliases[word.lowercased()], names.contains(alias) {
      message += "; did you mean '\(alias)'?"
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
    var option = grammar.option(spelled: spelling)
    if option == nil, !word.utf8.starts(with: "--".utf8), word.utf8.count > 2 {
      // `-ofile`: a short option with its value attached, as getopt reads it.
      let short = word.unicodeScalars.prefix(2)
      if let attached = grammar.option(spelled: String(String.UnicodeScalarView(short))),
        attached.valueName != nil
      {
        option = attached
        spelling = Substring(String(String.UnicodeScalarView(short)))
        inlineValue = Substring(String(String.UnicodeScalarView(scalars.dropFirst(2))))
      }
    }
    guard let option else {
      if firstError == nil { firstError = unknownOption(spelling) }
      return
    }
    var value: String?
    if option.valueName != nil {
      if let inlineValue {
        value = String(inlineValue)
      } else if index < arguments.count, !CommandParser.isOptionLike(arguments[index]) {
        value = arguments[index]
        valueIsHomeRelative = homeRelative.contains(index)
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
    valueIsHomeRelative = false
  }

  mutating func apply(_ option: Option, _ value: String, spelling: Substring) {
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
          "\(Quote.quoted(value)) is not a colour mode: expected auto, always or never"
            + Suggestion.phrase(for: value, among: ColorMode.allCases.map(\.rawValue)))
      }
    case .width:
      switch ParsedArguments.positiveNumber(value, limit: GlobalOptions.maximumWidth) {
      case .some(let width): options.width = width
      case .none:
        record(
          "\(Quote.quoted(value)) is not a valid width: expected a whole number of "
            + "columns from 1 to 10000")
      }
    default:
      values[option] = ParsedArguments.Given(
        value: value, spelling: String(spelling), isHomeRelative: valueIsHomeRelative)
      commandOptions.append(option)
    }
  }

  func unknownOption(_ spelling: Substring) -> String {
    let message = "unknown option \(Quote.quoted(spelling))"
    // Global options first, as help lists them, then the command's own: on a tie the earlier
    // candidate is suggested.
    let globals = [Option.help] + Option.global.dropLast()
    let accepted =
      globals.filter { command?.accepts($0) ?? true } + (command?.options.map(\.option) ?? [])
    let suggestion = Suggestion.phrase(for: spelling, among: accepted.flatMap(\.spellings))
    if !suggestion.isEmpty { return message + suggestion }
    if let command, command.arguments.contains(where: \.repeats) {
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
