import CommandLanguage

/// `calpager(1)` in roff (the `man` macros), written from the command registry: the same specs
/// `--help` prints, so the page and the help cannot disagree.
///
/// `groff -man -Tutf8 -ww` renders it without a warning: text is escaped (`\`, `-`, a `.` or
/// `'` starting a line, characters beyond ASCII as `\[uXXXX]`), paragraphs are `.PP`, examples
/// `.nf` blocks, and no line is blank.
enum ManPage {
  /// The page.
  static func roff(grammar: Grammar = CommandRegistry.grammar) -> String {
    var page = Page()
    page.request(".TH CALPAGER 1 \"\" \"calpager \(CalPager.version)\" \"User Commands\"")
    page.section("NAME")
    page.text("calpager - " + lowercasedFirst(CommandSpec.rootAbstract.dropLast()))
    page.section("SYNOPSIS")
    for line in CommandSpec.rootUsage { page.synopsis(line) }
    page.section("DESCRIPTION")
    page.discussion(CommandSpec.rootDiscussion)
    page.discussion(
      "Each subcommand is described below, as 'calpager help <subcommand>' shows it; every "
        + "one also shows it with -h or --help.")
    page.section("OPTIONS")
    page.text("These options work with every subcommand, before or after it.")
    for option in Option.global {
      page.entry(option.label, CommandSpec.globalHelp(option))
    }
    page.section("SUBCOMMANDS")
    for spec in grammar.commands {
      page.subcommand(spec, isDefault: spec.name == grammar.defaultCommand)
    }
    page.section("DATES")
    page.discussion(CommandSpec.dateForms)
    page.discussion(CommandSpec.rangeForms)
    page.section("ENVIRONMENT")
    for (name, text) in environment { page.entry(name, text) }
    page.section("FILES")
    page.entry(
      "~/.local/share/calpager/calpager.db",
      "The default database ($XDG_DATA_HOME/calpager/calpager.db when XDG_DATA_HOME is set).")
    page.entry(
      "~/.local/state/calpager/history",
      "The line editor's history ($XDG_STATE_HOME/calpager/history when XDG_STATE_HOME is set).")
    page.section("EXIT STATUS")
    page.entry("0", "Success.")
    page.entry("1", "A runtime error: a bad database file, a missing note, a full disk.")
    page.entry("64", "A usage error: an unknown subcommand or option, an invalid date.")
    page.entry("130", "browse ended with Ctrl-C.")
    page.section("SEE ALSO")
    page.text("sqlite3(1)")
    return page.lines.joined(separator: "\n") + "\n"
  }

  /// The variables calpager reads, with what each does.
  static let environment: [(String, String)] = [
    ("CALPAGER_DB", "The database, when --db is not given."),
    ("XDG_DATA_HOME", "Where the default database lives (calpager/calpager.db in it)."),
    ("XDG_STATE_HOME", "Where the line editor keeps its history (calpager/history in it)."),
    ("VISUAL, EDITOR", "The editor add and edit open when no text is given."),
    ("NO_COLOR", "When set and not empty, no colour (unless --color always)."),
    ("COLUMNS", "The width when standard output is not a terminal and --width is not given."),
    ("TZ", "The time zone that decides what day today is."),
    ("CALPAGER_TODAY", "A YYYY-MM-DD date taken as today, for reproducible scripts and tests."),
  ]

  private static func lowercasedFirst(_ text: some StringProtocol) -> String {
    guard let first = text.first else { return "" }
    return first.lowercased() + text.dropFirst()
  }

  /// The page being written, a roff line at a time.
  struct Page {
    private(set) var lines: [String] = []

    mutating func request(_ line: String) {
      lines.append(line)
    }

    mutating func section(_ title: String) {
      lines.append(".SH " + (title.contains(" ") ? "\"\(title)\"" : title))
    }

    /// A line of running text.
    mutating func text(_ text: String) {
      lines.append(ManPage.escaped(text))
    }

    /// A usage line: the command in bold, placeholders in italics.
    mutating func synopsis(_ line: String) {
      lines.append(".PP")
      lines.append(ManPage.formatted(line))
    }

    /// A tagged paragraph: `label` (bold, placeholders in italics), then `text` indented.
    mutating func entry(_ label: String, _ text: String) {
      lines.append(".TP")
      lines.append(ManPage.formatted(label))
      lines.append(ManPage.escaped(text))
    }

    /// Help's discussion: paragraphs of prose, and indented lines (examples) kept as they are.
    mutating func discussion(_ text: String) {
      var prose: [Substring] = []
      var example: [Substring] = []
      func flush() {
        if !prose.isEmpty {
          lines.append(".PP")
          lines.append(ManPage.escaped(prose.joined(separator: " ")))
          prose.removeAll()
        }
        if !example.isEmpty {
          // Right under the line that introduces them ("Examples:"), or a paragraph of
          // their own.
          if lines.last?.hasPrefix(".") != false { lines.append(".PP") }
          lines += [".RS 4", ".nf"]
          lines += example.map { ManPage.escaped(String($0.drop { $0 == " " })) }
          lines += [".fi", ".RE"]
          example.removeAll()
        }
      }
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.isEmpty {
          flush()
        } else if line.hasPrefix(" ") {
          if !prose.isEmpty { flush() }
          example.append(line)
        } else {
          if !example.isEmpty { flush() }
          prose.append(line)
        }
      }
      flush()
    }

    /// A subcommand: its name and summary, its discussion, usage, arguments and own options.
    mutating func subcommand(_ spec: CommandSpec, isDefault: Bool) {
      lines.append(".SS " + ManPage.escaped(spec.name))
      var summary = spec.abstract
      if isDefault { summary += " This is the subcommand run when none is given." }
      switch spec.availability {
      case .lineModeOnly: summary += " Only in calpager shell."
      case .commandLineOnly: summary += " Not in calpager shell."
      case .everywhere: break
      }
      lines.append(ManPage.escaped(summary))
      discussion(spec.discussion)
      for usage in spec.usage { synopsis(usage) }
      for argument in spec.arguments { entry(argument.label, argument.help) }
      for option in spec.options { entry(option.option.label, option.help) }
    }
  }

  /// `text` as roff running text.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "\u{20}"..."\u{7E}": result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// A usage line or a label: words in bold, `<placeholders>` in italics, brackets and `...`
  /// plain.
  static func formatted(_ text: String) -> String {
    var result = ""
    var word = ""
    var inPlaceholder = false
    func flushWord() {
      if !word.isEmpty { result += "\\fB" + escaped(word) + "\\fR" }
      word = ""
    }
    for character in text {
      switch character {
      case "<":
        flushWord()
        inPlaceholder = true
        result += "\\fI"
      case ">" where inPlaceholder:
        inPlaceholder = false
        result += "\\fR"
      case "[", "]", " ", ",", "|":
        if inPlaceholder {
          result += escaped(String(character))
        } else {
          flushWord()
          result += escaped(String(character))
        }
      default:
        if inPlaceholder {
          result += escaped(String(character))
        } else {
          word.append(character)
        }
      }
    }
    flushWord()
    if word.isEmpty && result.hasPrefix(".") { result = "\\&" + result }
    return result
  }
}
