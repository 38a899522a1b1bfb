import CommandLanguage
import Testing

@testable import CalPagerCLI

/// The registry is the one list of commands: every name is found, and every example a
/// command's help shows is accepted by the parser and by the command's own reading of its
/// arguments.
@Suite struct RegistryTests {
  /// The `calpager …` invocations in `text`: every line of an example section, split at pipes
  /// and cut at a redirection, that starts with `calpager` (placeholders such as `<key>` left
  /// out).
  static func examples(in text: String) -> [String] {
    text.split(separator: "\n").flatMap { line in
      line.split(separator: "|").map { command in
        String(command.split(separator: ">").first ?? "").trimmingCharacters(in: " ")
      }
      .filter { $0.hasPrefix("calpager ") && !$0.contains("<") }
    }
  }

  @Test func everyCommandIsFoundByItsName() {
    for command in CommandRegistry.commands {
      #expect(CommandRegistry.command(named: command.spec.name) == command)
    }
    #expect(
      Set(CommandRegistry.commands.map { $0.spec.name }).count
        == CommandRegistry.commands.count)
  }

  @Test(arguments: CommandRegistry.commands.map { $0.spec.name })
  func everyExampleInTheHelpIsAccepted(name: String) throws {
    let command = try #require(CommandRegistry.command(named: name))
    let examples = RegistryTests.examples(in: command.spec.discussion)
    for example in examples {
      let words = try Tokenizer.words(in: example).dropFirst()
      let invocation: Invocation
      do {
        invocation = try CommandParser.parse(Array(words), grammar: CommandRegistry.grammar)
      } catch {
        Issue.record("\(example): \(error.message)")
        continue
      }
      guard case .command(let arguments) = invocation.request else { continue }
      let type = try #require(CommandRegistry.command(named: arguments.name))
      #expect(throws: Never.self, "\(example)") { try RegistryTests.read(type, arguments) }
    }
  }

  @Test func theExamplesAreFound() {
    #expect(
      RegistryTests.examples(
        in: "Examples:\n  calpager goto 2024-05-01\n  calpager export | calpager import -\n"
          + "  calpager config get <key>\n  calpager export > notes.jsonl")
        == ["calpager goto 2024-05-01", "calpager export", "calpager import -", "calpager export"])
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
