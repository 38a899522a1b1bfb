import CalendarPaging
import DisplayText

/// Help in swift-argument-parser's layout: `OVERVIEW:`, the discussion, `USAGE:`,
/// `ARGUMENTS:`, `OPTIONS:` and, for the root, `SUBCOMMANDS:`.
///
/// Entries are indented by 2 columns with their text in a column starting at 26, or on the
/// next line when the label is too long, and everything is wrapped to the width. Every line
/// fits the width from 20 columns up (display width): where the column leaves too little room
/// an entry's text goes under its label, indented by 4; an example too long for the line is
/// continued on the next with a shell's ` \`; and a word wider than its line is cut to fit,
/// ending in `…`.
public enum HelpText {
  /// Where the text of an entry starts, as in swift-argument-parser.
  static let textColumn = 26

  /// Help for `command`, or the overview when nil, wrapped to `width` columns (at least 20),
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
    let width = max(width, 20)
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
      wrap("See 'calpager help <subcommand>' for detailed help.", width: width, indent: 2)
        .joined(separator: "\n"),
    ].joined(separator: "\n\n")
  }

  /// A titled block of entries.
  public static func section(_ title: String, _ entries: [(String, String)], _ width: Int) -> String
  {
    var lines = [title + ":"]
    for (label, help) in entries {
      let padded = "  " + label
      // The text column when every word of the text fits beside it, else lines under the
      // label indented by 4.
      let widestWord = help.split(separator: " ").map { DisplayWidth.of($0) }.max() ?? 0
      guard textColumn + widestWord <= width else {
        lines += wrap(label, width: width, indent: 2)
        lines += wrap(help, width: width, indent: 4)
        continue
      }
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

  /// Wraps a usage line at spaces outside `[…]` and `<…>`.
  ///
  /// Continuation lines start under the first `[`. Where that leaves a line too wide, any element may start a line, under the
  /// first element when it fits there, else indented by 2, and an element wider than its line
  /// is cut to fit.
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
    guard lines.contains(where: { DisplayWidth.of($0) > width }) else { return lines }
    // Too narrow for that shape: the elements one space apart, greedily, under the first
    // element when the widest fits there.
    let widest = elements.map { DisplayWidth.of($0) }.max() ?? 0
    let margin = prefix.count + elements[0].count + 1
    return lay(elements, after: prefix, indent: margin + widest <= width ? margin : 2, width: width)
  }

  /// `tokens` one space apart on lines of at most `width` columns.
  ///
  /// The first line starts with `first`, the others with `indent` spaces. Every line but the last ends in
  /// `continuation`, whose columns are kept for it. A token wider than its line is cut to
  /// fit, ending in `…`; when `first` leaves the first token too little room, `first` makes
  /// a line of its own.
  static func lay(
    _ tokens: [String], after first: String, indent: Int, width: Int, continuation: String = ""
  ) -> [String] {
    let reserve = DisplayWidth.of(continuation)
    let indent = min(indent, max(width - reserve - 1, 0))
    var lines: [String] = []
    var line = first
    var lineWidth = DisplayWidth.of(first)
    var empty = true
    for token in tokens {
      var token = token
      var tokenWidth = DisplayWidth.of(token)
      if !empty && lineWidth + 1 + tokenWidth + reserve > width {
        lines.append(line + continuation)
        (line, lineWidth, empty) = (String(repeating: " ", count: indent), indent, true)
      }
      if empty && lines.isEmpty && lineWidth > indent
        && lineWidth + min(tokenWidth, 8) + reserve > width
      {
        // `first` leaves no room: it makes a line of its own.
        var alone = first
        while alone.last == " " { alone.removeLast() }
        lines.append(TextFit.cut(alone, toFit: width))
        (line, lineWidth) = (String(repeating: " ", count: indent), indent)
      }
      let room = max(width - lineWidth - (empty ? 0 : 1) - reserve, 1)
      if tokenWidth > room {
        token = TextFit.cut(token, toFit: room)
        tokenWidth = DisplayWidth.of(token)
      }
      line += (empty ? "" : " ") + token
      lineWidth += (empty ? 0 : 1) + tokenWidth
      empty = false
    }
    lines.append(line)
    return lines
  }

  /// The words of an example command: split at spaces outside quotes, so a quoted argument
  /// stays whole.
  static func commandWords(_ line: Substring) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
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
        if DisplayWidth.of(line) <= width {
          lines.append(String(line))
        } else {
          // An example too long for the line: continued on the next with ` \`, as a shell
          // reads it.
          let margin = line.prefix { $0 == " " }.count
          lines += lay(
            commandWords(line), after: String(repeating: " ", count: margin), indent: margin + 4,
            width: width, continuation: " \\")
        }
      } else {
        prose.append(line)
      }
    }
    flushProse()
    return lines.joined(separator: "\n")
  }

  /// Greedy word wrap: lines of at most `width` columns, every line indented by `indent`
  /// spaces (`TextFit.wrap`: a word wider than its line is cut to fit).
  public static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
    TextFit.wrap(text, width: width, indent: indent)
  }
}
