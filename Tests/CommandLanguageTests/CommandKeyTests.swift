import CalendarPaging
import CommandLanguage
import Testing

/// A command declares each argument and option once, as a key: its usage, its help entries
/// and its reading all come from that declaration.
@Suite struct CommandKeyTests {
  static let id = ArgumentKey.noteID()
  static let body = ArgumentKey.body(help: "The text.")
  static let day = OptionKey.date("--day", help: "The day.")
  static let quiet = OptionKey.flag("--quiet", help: "Say less.")
  static let loud = quiet.with(help: "Say less, loudly.")
  static let spec = CommandSpec(
    name: "note", abstract: "A note.", discussion: "",
    arguments: [id.declaration, body.declaration],
    options: [day.declaration, quiet.declaration])
  static let grammar = Grammar(
    commands: [
      spec,
      CommandSpec(
        name: "stop", aliases: ["halt"], abstract: "Stop.", discussion: "",
        availability: .lineModeOnly),
      CommandSpec(
        name: "look", abstract: "Look.", discussion: "",
        arguments: [ArgumentKey.date(label: "<date>", help: "The day.").declaration],
        options: [loud.declaration]),
    ], defaultCommand: "note")

  static func arguments(_ words: [String]) throws -> ParsedArguments {
    let invocation = try CommandParser.parse(words, grammar: grammar)
    guard case .command(let arguments) = invocation.request else {
      throw UsageError("not a command", usage: .none)
    }
    return arguments
  }

  @Test func usageIsWrittenFromTheDeclarations() throws {
    // A text that runs to the end of the line comes after the options.
    #expect(Self.spec.usage == ["calpager note <id> [--day <date>] [--quiet] [<text> ...]"])
    #expect(Self.grammar.command(named: "stop")?.usage == ["stop", "halt"])
    #expect(Self.grammar.command(named: "look")?.usage == ["calpager look <date> [--quiet]"])
    let given = CommandSpec(name: "x", abstract: "", discussion: "", usage: ["calpager x y"])
    #expect(given.usage == ["calpager x y"])
  }

  @Test func valuesAreReadThroughTheirKeys() throws {
    let arguments = try Self.arguments(["note", "#12", "--day", "+1", "Lunch", "at", "one"])
    #expect(try arguments.read(Self.id) == 12)
    #expect(try arguments.read(Self.body) == .text("Lunch at one"))
    #expect(try arguments.read(Self.day) == .offset(1))
    #expect(try arguments.read(Self.quiet) == false)
    #expect(try Self.arguments(["note", "1", "--quiet"]).read(Self.quiet))
    #expect(try Self.arguments(["note", "1"]).read(Self.day) == nil)
  }

  @Test func messagesNameTheDeclaredLabel() throws {
    let missing = try Self.arguments(["note"])
    do {
      _ = try missing.read(Self.id)
      Issue.record("a missing id was read")
    } catch {
      #expect(error.message == "missing argument '<id>': expected a note id such as 12 or #12")
      #expect(error.usageLines == Self.spec.usage)
    }
    let extra = try Self.arguments(["look", "2024-05-01", "extra"])
    do {
      try extra.expectNoMoreWords()
      Issue.record("an extra word was taken")
    } catch {
      #expect(error.message == "unexpected argument 'extra'")
    }
    // The last argument takes every word left: none is too many.
    try Self.arguments(["note", "1", "a", "b", "c"]).expectNoMoreWords()
  }

  @Test func anOptionRemadeWithOtherHelpKeepsItsSpelling() throws {
    #expect(Self.loud.option == Self.quiet.option)
    #expect(Self.loud.declaration.help == "Say less, loudly.")
    #expect(try Self.arguments(["look", "today", "--quiet"]).read(Self.loud))
  }
}
