/// Help in swift-argument-parser's layout: `OVERVIEW:`, the discussion, `USAGE:`,
/// `ARGUMENTS:`, `OPTIONS:` and, for the root, `SUBCOMMANDS:`.
///
/// Entries are indented by 2 columns with their text in a column starting at 26, or on the
/// next line when the label is too long, and everything is wrapped to the width.
public enum HelpText {
  /// Where the text of an entry starts, as in swift-argument-parser.
  static let textColumn = 26

  /// Help for `command`, or the overview when nil, wrapped to `width` columns (at least 40),
  /// with no final newline.
  ///
  /// - Parameters:
  ///   - command: The command, or nil for the overview.
  ///   - grammar: Every command, for the overview.
  ///   - width: The terminal width; help uses at most this many columns.
  ///   - mode: In the line mode the overview lists the line-mode commands and leaves out
  ///     `shell` and `--db`.
  /// - Returns: The help text.
  public static func text(
    for command: CommandSpec?, grammar: Grammar, width: Int = 80, mode: ParseMode = .commandLine
  ) -> String {
    let width = max(width, 40)
    guard let spec = command else { return overview(grammar, width: width, mode: mode) }
    var blocks = [
      wrap("OVERVIEW: " + spec.abstract, width: width).joined(separator: "\n"),
      discussion(spec.discussion, width: width),
      usage(spec.usage, width: width),
    ]
    if !spec.arguments.isEmpty {
      blocks.append(section("ARGUMENTS", spec.arguments.map { ($0.label, $0.help) }, width))
    }
    for extra in spec.sections {
      blocks.append(section(extra.title, extra.entries.map { ($0.label, $0.help) }, width))
    }
    var options = spec.options.map { ($0.option.label, $0.help) }
    if !spec.isLineModeOnly {
      for option in Option.global where option != .help {
        if option == .database && mode == .shellLine { continue }
        options.append((option.label, CommandSpec.globalHelp(option)))
      }
    }
    options.append((Option.help.label, CommandSpec.globalHelp(.help)))
    blocks.append(section("OPTIONS", options, width))
    return blocks.joined(separator: "\n\n")
  }

  private static func overview(_ grammar: Grammar, width: Int, mode: ParseMode) -> String {
    let options = Option.global.filter { !($0 == .database && mode == .shellLine) }
    let commands = grammar.commands(in: mode).map { spec in
      (spec.name == grammar.defaultCommand ? spec.name + " (default)" : spec.name, spec.abstract)
    }
    return [
      wrap("OVERVIEW: " + CommandSpec.rootAbstract, width: width).joined(separator: "\n"),
      discussion(CommandSpec.rootDiscussion, width: width),
      usage(CommandSpec.rootUsage, width: width),
      section("OPTIONS", options.map { ($0.label, CommandSpec.globalHelp($0)) }, width),
      section("SUBCOMMANDS", commands, width),
      "  See 'calpager help <subcommand>' for detailed help.",
    ].joined(separator: "\n\n")
  }

  /// A titled block of entries.
  public static func section(_ title: String, _ entries: [(String, String)], _ width: Int) -> String
  {
    var lines = [title + ":"]
    for (label, help) in entries {
      let padded = "  " + label
      let text = wrap(help, width: width, indent: textColumn)
      if padded.count < textColumn {
        let first = text.first.map { String($0.dropFirst(textColumn)) } ?? ""
        lines.append(padded + String(repeating: " ", count: textColumn - padded.count) + first)
        lines.append(contentsOf: text.dropFirst())
      } else {
        lines.append(padded)
        lines.append(contentsOf: text)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The `USAGE:` block: the first line after `USAGE: `, the others aligned under it.
  public static func usage(_ lines: [String], width: Int, label: String = "USAGE:") -> String {
    var result: [String] = []
    let margin = String(repeating: " ", count: label.count + 1)
    for (index, line) in lines.enumerated() {
      let prefix = index == 0 ? label + " " : margin
      result.append(contentsOf: wrapUsage(line, prefix: prefix, width: width))
    }
    return result.joined(separator: "\n")
  }

  /// Wraps a usage line at spaces outside `[…]` and `<…>`; continuation lines start under the
  /// first `[`.
  static func wrapUsage(_ line: String, prefix: String, width: Int) -> [String] {
    var elements: [String] = []
    var current = ""
    var depth = 0
    for character in line {
      if character == " " && depth == 0 {
        if !current.isEmpty { elements.append(current) }
        current = ""
        continue
      }
      if character == "[" || character == "<" { depth += 1 }
      if character == "]" || character == ">" { depth = max(depth - 1, 0) }
      current.append(character)
    }
    if !current.isEmpty { elements.append(current) }
    let headCount = elements.firstIndex { $0.hasPrefix("[") } ?? elements.count
    let indent = prefix.count + elements[..<headCount].reduce(0) { $0 + $1.count + 1 }
    var lines: [String] = []
    var text = prefix
    for (index, element) in elements.enumerated() {
      if index == 0 {
        text += element
      } else if index >= headCount, text.count + 1 + element.count > width {
        lines.append(text)
        text = String(repeating: " ", count: indent) + element
      } else {
        text += " " + element
      }
    }
    lines.append(text)
    return lines
  }

  /// The discussion: prose wrapped, indented lines kept, blank lines kept.
  public static func discussion(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var prose: [Substring] = []
    func flushProse() {
      if !prose.isEmpty {
        lines.append(contentsOf: wrap(prose.joined(separator: " "), width: width))
        prose.removeAll()
      }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.hasPrefix(" ") {
        flushProse()
        lines.append(String(line))
      } else {
        prose.append(line)
      }
    }
    flushProse()
    return lines.joined(separator: "\n")
  }

  /// Greedy word wrap: lines of at most `width` columns (a longer word gets a line of its
  /// own), every line indented by `indent` spaces.
  public static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = margin
    for word in text.split(separator: " ") {
      if line.count == indent {
        line += word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = margin + word
      }
    }
    lines.append(line)
    return lines
  }
}
