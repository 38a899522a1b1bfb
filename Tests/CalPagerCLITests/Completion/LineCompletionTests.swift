import CommandLanguage
import Foundation
import TestSupport
import Testing

@testable import CalPagerCLI

/// Tab in `calpager shell`: the candidates for the word before the cursor, from the registry.
@Suite struct LineCompletionTests {
  let completion = LineCompletion(model: CompletionModel(mode: .shellLine), noteIDs: { [12, 13] })

  /// What Tab does to the end of `line`.
  func tab(_ line: String) -> Completion.Action {
    Completion.action(
      word: Completion.word(before: line), candidates: completion.candidates(for: line))
  }

  @Test func commandNamesComeFromTheRegistryInTheLineMode() {
    let words = completion.candidates(for: "")
    #expect(words.contains("goto") && words.contains("quit") && words.contains("begin"))
    #expect(words.contains("exit"), "aliases too")
    #expect(!words.contains("shell"), "not in the line mode")
    #expect(tab("exp") == .insert("ort "))
    #expect(tab("s") == .list(["search", "show", "sync"]))
    #expect(tab("--json go") == .insert("to "), "after a global option")
  }

  @Test func optionsAreTheCommandsOwnAndTheGlobalOnes() {
    #expect(tab("export --fo") == .insert("rmat "))
    #expect(tab("next --w") == .insert("i"), "the common prefix first")
    #expect(tab("next --wi") == .list(["--width", "--with-notes"]))
    let options = completion.candidates(for: "export -")
    #expect(options.contains("-o") && options.contains("--output") && options.contains("--json"))
    #expect(!options.contains("--db"), "--db is given to the shell, not to its lines")
    #expect(!options.contains("--with-notes"))
    #expect(tab("quit --j") == .none, "the line mode's own commands take no global options")
  }

  @Test func optionValuesFollowTheirOption() {
    #expect(tab("export --format i") == .insert("cs "))
    #expect(tab("import x.ics --format m") == .none, "md cannot be imported")
    #expect(tab("export --format=c") == .insert("sv "))
    #expect(tab("show --color n") == .insert("ever "))
    #expect(tab("add --day tom") == .insert("orrow "))
    #expect(tab("export --from 2024-01-01 --to y") == .insert("esterday "))
  }

  @Test func argumentsByWhatTheyHold() {
    #expect(tab("goto to") == .list(["today", "tomorrow"]))
    #expect(tab("list y") == .insert("esterday "))
    #expect(completion.candidates(for: "edit ") == ["12", "13"], "the selected day's notes")
    #expect(tab("rm 1") == .list(["12", "13"]))
    #expect(tab("rm 13") == .insert(" "))
    #expect(tab("mv 12 tod") == .insert("ay "))
    #expect(tab("help exp") == .insert("ort "))
    #expect(tab("goto today ") == .none, "goto takes one argument")
    #expect(tab("add Lunch wi") == .none, "free text")
  }

  @Test func configCompletesItsActionKeysAndValues() {
    #expect(tab("config s") == .insert("et "))
    #expect(tab("config set menu-al") == .insert("ignment "))
    #expect(tab("config set menu-position b") == .insert("ottom "))
    #expect(tab("config set first-weekday s") == .list(["saturday", "sunday"]))
    #expect(tab("config get indicator ") == .none, "only set takes a value")
    #expect(tab("config set nonsense ") == .none)
  }

  @Test func unknownCommandsAndEndedOptionsOfferNothingMisleading() {
    #expect(tab("frobnicate --j") == .none)
    #expect(tab("add -- --j") == .none, "after -- every word is text")
    #expect(tab("goto -") == .list(completion.candidates(for: "goto -").sorted()))
  }

  @Test func filesCompleteFromTheirDirectory() throws {
    let directory = TemporaryDirectory("completion")
    try writeFile(directory.file("notes.jsonl"), "")
    try FileManager.default.createDirectory(
      atPath: directory.file("nested"), withIntermediateDirectories: true)
    try writeFile(directory.file(".hidden"), "")
    let base = directory.path + "/"
    #expect(tab("import \(base)no") == .insert("tes.jsonl "))
    #expect(tab("backup \(base)ne") == .insert("sted/"), "a directory: no space after it")
    #expect(
      completion.candidates(for: "import \(base)").sorted() == [
        base + "nested/", base + "notes.jsonl",
      ])
    #expect(tab("export -o \(base).h") == .insert("idden "))
  }
}
