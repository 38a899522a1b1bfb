import Interchange
import Testing

@Suite struct FormatTests {
  @Test func namesAndExtensions() throws {
    #expect(try Format(name: "JSONL") == .jsonl)
    #expect(try Format(name: "ndjson") == .jsonl)
    #expect(try Format(name: "markdown") == .md)
    #expect(throws: InterchangeError.unknownFormat("xml")) { try Format(name: "xml") }
    #expect(
      InterchangeError.unknownFormat("xml").description
        == "'xml' is not a format: expected jsonl, json, csv, ics, md, jrnl or jrnl-text")
    #expect(Format(path: "notes.jsonl") == .jsonl)
    #expect(Format(path: "/tmp/a.b/2024.ICS") == .ics)
    #expect(Format(path: "export.json") == .json)
    #expect(Format(path: "x.csv") == .csv)
    #expect(Format(path: "notes.md") == .md)
    #expect(Format(path: "notes") == nil)
    #expect(Format(path: ".csv") == nil)
    #expect(Format(path: "dir.csv/notes") == nil)
    #expect(Format(path: "notes.txt") == nil)
  }

  @Test func onlyMarkdownIsExportOnlyAndOnlyJRNLImportOnly() {
    #expect(Format.allCases.filter { !$0.isImportable } == [.md])
    #expect(Format.allCases.filter { !$0.isExportable } == [.jrnl, .jrnlText])
    #expect(Format.importable == [.jsonl, .json, .csv, .ics, .jrnl, .jrnlText])
    #expect(Format.exportable == [.jsonl, .json, .csv, .ics, .md])
    #expect(
      InterchangeError.exportOnly(.md).description
        == "'md' can be exported but not imported: import reads jsonl, json, csv, ics, jrnl or "
        + "jrnl-text")
  }
}
