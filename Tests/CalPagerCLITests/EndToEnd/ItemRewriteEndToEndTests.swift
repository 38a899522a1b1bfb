import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// How calpager rewrites an item file, through the binary and real syncs: CRLF line ends
/// (issue 20, item 19), a body starting with blank lines (item 20), and an event beside the
/// journal (issue 22).
@Suite struct ItemRewriteEndToEndTests {
  /// The property names of the lines calpager rewrites when a note's text changes.
  static let rewritten: Set = ["SUMMARY", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]

  static func name(_ line: String) -> String {
    String(line.prefix { $0 != ":" && $0 != ";" })
  }

  @Test func anItemThatArrivedLFOnlyIsRewrittenWithCRLF() throws {
    let calpager = Calpager()
    let vdir = VdirFolder()
    let lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Unix tool//EN", "BEGIN:VJOURNAL", "UID:lf-1",
      "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501", "SUMMARY:Written with LF",
      "CATEGORIES:work", "SEQUENCE:1", "END:VJOURNAL", "END:VCALENDAR",
    ]
    let original = lines.map { $0 + "\n" }.joined()
    try vdir.write("lf-1.ics", original)
    #expect(try calpager.run(["sync", vdir.path]).status == 0)
    // Unchanged, the file stays as it came.
    #expect(try calpager.run(["sync", vdir.path]).status == 0)
    #expect(vdir.text("lf-1.ics") == original)

    #expect(try calpager.run(["edit", "1", "Edited here"]).status == 0)
    let sync = try calpager.run(["sync", vdir.path])
    #expect(sync.status == 0, "\(sync.stderr)")
    let text = vdir.text("lf-1.ics")
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(text)")
    let written = text.components(separatedBy: "\r\n").dropLast()
    #expect(written.last == "END:VCALENDAR")
    #expect(written.contains("SUMMARY:Edited here") && written.contains("SEQUENCE:2"))
    // Every other line is the one that came, apart from its line end.
    #expect(
      written.filter { !Self.rewritten.contains(Self.name($0)) }
        == lines.filter { !Self.rewritten.contains(Self.name($0)) })
  }

  @Test func aBodyStartingWithBlankLinesHasATitleAndComesBackExactly() throws {
    let laptop = Calpager()
    let body = "\n \nShopping list\nmilk\n"
    let jsonl = laptop.directory.file("notes.jsonl")
    try writeFile(
      jsonl,
      #"{"uid":"blank-1","day":"2024-05-01","body":"\n \nShopping list\nmilk\n","#
        + #""created":"2024-05-01T10:00:00.000Z","updated":"2024-05-01T10:00:00.000Z"}"#
        + "\n")
    #expect(try laptop.run(["import", jsonl]).status == 0)
    #expect(try laptop.store().note(id: 1)?.body == body)

    // The export shows a phone a title, and carries the exact body.
    let export = try laptop.run(["export", "--format", "ics"]).stdout
    let lines = export.components(separatedBy: "\r\n")
    #expect(lines.contains("SUMMARY:Shopping list"))
    #expect(lines.contains("DESCRIPTION:milk\\n"))
    #expect(lines.contains { $0.hasPrefix("X-CALPAGER-BODY:") })
    let desktop = Calpager()
    let file = desktop.directory.file("export.ics")
    try writeFile(file, export)
    #expect(try desktop.run(["import", file]).status == 0)
    #expect(try desktop.store().note(id: 1)?.body == body)
    #expect(try desktop.run(["export", "--format", "ics"]).stdout == export)

    // Through a sync folder: the file has the title, a second device gets the exact body.
    let vdir = VdirFolder()
    #expect(try laptop.run(["sync", vdir.path]).status == 0)
    let item = try #require(vdir.items().first)
    #expect(vdir.text(item).contains("\r\nSUMMARY:Shopping list\r\n"))
    let phone = Calpager()
    #expect(try phone.run(["sync", vdir.path]).status == 0)
    #expect(try phone.store().note(id: 1)?.body == body)

    // A journal from elsewhere edited to such a body: its SUMMARY is the first line with text.
    let other = VdirFolder()
    try other.write(
      "p.ics",
      journalItem(
        uid: "p", ["DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501", "SUMMARY:Old"]))
    #expect(try phone.run(["sync", other.path]).status == 0)
    let id = try #require(
      try phone.store().notes(in: Day.first...Day.last).first { $0.uid == "p" }?.id)
    #expect(try phone.run(["edit", String(id), "\n\nNew title"]).status == 0)
    #expect(try phone.run(["sync", other.path]).status == 0)
    #expect(other.text("p.ics").contains("\r\nSUMMARY:New title\r\n"))
    let reader = Calpager()
    #expect(try reader.run(["sync", other.path]).status == 0)
    let read = try reader.store().notes(in: Day.first...Day.last).first { $0.uid == "p" }
    #expect(read?.body == "\n\nNew title")
  }

  @Test func anEventBesideAJournalStaysWholeWhenSyncRewritesTheJournal() throws {
    let calpager = Calpager()
    let vdir = VdirFolder()
    let event = crlfLines([
      "BEGIN:VEVENT", "UID:meeting-1", "DTSTAMP:20240501T080000Z",
      "DTSTART;TZID=Europe/Berlin:20240501T100000", "DURATION:PT1H", "SUMMARY:Stand-up",
      "RRULE:FREQ=WEEKLY;BYDAY=WE", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M",
      "DESCRIPTION:Soon", "END:VALARM", "END:VEVENT",
    ])
    let journal = crlfLines([
      "BEGIN:VJOURNAL", "UID:minutes-1", "DTSTAMP:20240501T110000Z",
      "DTSTART;VALUE=DATE:20240501", "SUMMARY:Minutes", "END:VJOURNAL",
    ])
    let head = crlfLines(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Client//EN"])
    try vdir.write("both.ics", head + event + journal + "END:VCALENDAR\r\n")
    let first = try calpager.run(["sync", vdir.path])
    #expect(first.status == 0, "\(first.stderr)")
    let note = try #require(try calpager.store().note(id: 1))
    #expect(note.body == "Minutes" && note.uid == "minutes-1")

    #expect(try calpager.run(["edit", "1", "Minutes, edited"]).status == 0)
    #expect(try calpager.run(["sync", vdir.path]).status == 0)
    let text = vdir.text("both.ics")
    #expect(text.contains(event), "\(text)")
    #expect(text.contains("\r\nSUMMARY:Minutes\\, edited\r\n"))
    #expect(try calpager.run(["mv", "1", "2024-05-02"]).status == 0)
    #expect(try calpager.run(["sync", vdir.path]).status == 0)
    let moved = vdir.text("both.ics")
    #expect(moved.contains(event))
    #expect(moved.contains("\r\nDTSTART;VALUE=DATE:20240502\r\n"))
    #expect(moved.components(separatedBy: "BEGIN:VEVENT").count == 2)
  }
}
