import CommandLanguage
import Testing

@testable import CalPagerCLI

/// The registry is the one list of commands: every name is found, and every example a
/// command's help shows is accepted by the parser and by the command's own reading of its
/// arguments.
@Suite struct RegistryTests {
  /// An example of a help text: words for the command line, or a line of `calpager shell`.
  enum Example: Equatable {
    /// `calpager …` (without `calpager`).
    case commandLine(String)
    /// A line of the line mode.
    case shellLine(String)
  }

  /// The examples in `text`.
  ///
  /// They are the lines of its `Example:` or `Examples:` block (`Example (…):` too), each
  /// split at pipes and cut at a redirection. A part starting with `calpager` (or
  /// `<(calpager`) is a command line (placeholders such as `<key>` left out); the lines
  /// `printf` pipes into
  /// `calpager shell`, and an example line that names no program (`begin`, `add Lunch`), are
  /// lines of the line mode.
  static func examples(in text: String) -> [Example] {
    var examples: [Example] = []
    var inBlock = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") {
        inBlock = line.hasPrefix("Example") && line.hasSuffix(":")
        continue
      }
      guard inBlock else { continue }
      let parts = line.split(separator: "|").map {
        String($0.split(separator: ">").first ?? "").trimmingCharacters(in: " ")
      }
      for (index, part) in parts.enumerated() {
        if let start = part.range(of: "<(calpager ")?.lowerBound {
          // A process substitution: `source <(calpager completions bash)`.
          let inner = part[part.index(start, offsetBy: 2)...].prefix { $0 != ")" }
          examples.append(.commandLine(String(inner)))
        } else if part == "calpager" || part.hasPrefix("calpager ") {
          if !part.contains("<") { examples.append(.commandLine(part)) }
        } else if part.hasPrefix("printf '") {
          let next = index + 1 < parts.count ? parts[index + 1] : ""
          guard next.hasPrefix("calpager shell") else { continue }
          let script = part.dropFirst("printf '".count).prefix { $0 != "'" }
          for shellLine in script.split(separator: "\\n") {
            examples.append(.shellLine(String(shellLine)))
          }
        } else if parts.count == 1 {
          examples.append(.shellLine(part))
        }
      }
    }
    return examples
  }

  @Test func everyCommandIsFoundByItsName() {
    for command in CommandRegistry.commands {
      #expect(CommandRegistry.command(named: command.spec.name) == command)
    }
    #expect(
      Set(CommandRegistry.commands.map { $0.spec.name }).count
        == CommandRegistry.commands.count)
    #expect(CommandRegistry.command(named: "exit") == nil)
    #expect(CommandRegistry.command(named: "remove") == nil)
  }

  /// A command the registry does not hold is a usage error naming it, not a crash.
  @Test func aCommandOutsideTheRegistryIsAClearMiss() {
    let stray = CommandSpec(name: "stray", abstract: "Not registered.", discussion: "")
    let arguments = ParsedArguments(spec: stray, words: [], mode: .commandLine)
    #expect(throws: UsageError("unknown command 'stray'", usage: .root)) {
      try Dispatcher.command(for: arguments)
    }
  }

  /// Every command has examples, and at least one of them runs that command; each parses, as
  /// a command line or as a line of the line mode, and its command reads its arguments.
  @Test(arguments: CommandRegistry.commands.map { $0.spec.name })
  func everyExampleInTheHelpIsAccepted(name: String) throws {
    let command = try #require(CommandRegistry.command(named: name))
    let examples = RegistryTests.examples(in: command.spec.discussion)
    var names: Set<String> = []
    for example in examples {
      let invocation: Invocation?
      do {
        switch example {
        case .commandLine(let line):
          let words = try Tokenizer.words(in: line).dropFirst()
          invocation = try CommandParser.parse(Array(words), grammar: CommandRegistry.grammar)
        case .shellLine(let line):
          invocation = try CommandParser.parseLine(line, grammar: CommandRegistry.grammar)
        }
      } catch {
        Issue.record("\(example): \(error.message)")
        continue
      }
      guard case .command(let arguments) = invocation?.request else { continue }
      names.insert(arguments.name)
      let type = try #require(CommandRegistry.command(named: arguments.name))
      #expect(throws: Never.self, "\(example)") { try RegistryTests.read(type, arguments) }
    }
    #expect(names.contains(name), "no example of '\(name)' runs it: \(examples)")
  }

  @Test func theExamplesAreFound() {
    #expect(
      RegistryTests.examples(
        in: "Prose.\n  calpager no\n\nExamples:\n  calpager\n  calpager goto 2024-05-01\n"
          + "  source <(calpager completions bash)\n"
          + "  calpager export | calpager import -\n"
          + "  calpager config get <key>\n  calpager export > notes.jsonl\n"
          + "  printf 'a\\nb\\n' | calpager shell\n  printf 'text\\n' | calpager add -\n"
          + "\nExample (the end):\n  begin\n  add --day +1 Hotel\nKeys:\n  q  Quit")
        == [
          .commandLine("calpager"), .commandLine("calpager goto 2024-05-01"),
          .commandLine("calpager completions bash"), .commandLine("calpager export"),
          .commandLine("calpager import -"), .commandLine("calpager export"),
          .shellLine("a"), .shellLine("b"), .commandLine("calpager shell"),
          .commandLine("calpager add -"), .shellLine("begin"), .shellLine("add --day +1 Hotel"),
        ])
  }

  /// Reads `arguments` as `type` does before it runs.
  static func read<Command: CalPagerCommand>(_ type: Command.Type, _ arguments: ParsedArguments)
    throws
  {
    _ = try Command(arguments)
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = Substring(self)
    while text.first == set { text = text.dropFirst() }
    while text.last == set { text = text.dropLast() }
    return String(text)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(self).trimmingCharacters(in: set)
  }
}
