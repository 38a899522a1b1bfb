import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// Journals from other programs through the binary (issue 13, items 2–4): every property kept
/// with the note and written back, the import summary, `;` CSV and jrnl.
@Suite struct LosslessJournalEndToEndTests {
  /// A journal as a phone app writes it: properties calpager does not read, a parameter on
  /// DESCRIPTION, a UTC start late in the evening, CRLF line ends.
  static let phoneJournal = crlfLines([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//Journal 1.0//EN", "BEGIN:VJOURNAL",
    "UID:phone-1", "DTSTAMP:20240501T100000Z", "CREATED:20240501T090000Z",
    "LAST-MODIFIED:20240501T100000Z", "DTSTART:20240501T230000Z", "SUMMARY:Phone title",
    "DESCRIPTION;LANGUAGE=en:Body written on the phone", "CATEGORIES:work,home",
    "ATTACH:https://example.com/a.png", "STATUS:FINAL", "X-PHONE-MOOD;X-SCALE=5:4",
    "SEQUENCE:3", "END:VJOURNAL", "END:VCALENDAR",
  ])

  /// The lines of `text` (split at CRLF).
  static func lines(_ text: String) -> [String] {
    text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
  }

  /// The lines of the journal `uid` in an ics export.
  static func journalLines(_ export: String, uid: String) -> [String] {
    var result: [String] = []
    var current: [String] = []
    var inside = false
    for line in lines(export) {
      if line == "BEGIN:VJOURNAL" { inside = true }
      if inside { current.append(line) }
      if line == "END:VJOURNAL" {
        if current.contains("UID:\(uid)") { result = current }
        current = []
        inside = false
      }
    }
    return result
  }

  @Test(.requires(.tzdata)) func aForeignJournalKeepsEveryPropertyThroughAnEditAndUndo() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("phone.ics")
    try writeFile(file, Self.phoneJournal)
    let berlin: [String: String?] = ["TZ": "Europe/Berlin"]
    #expect(try calpager.run(["import", file], environment: berlin).status == 0)
    // 23:00 UTC on 1 May is 01:00 on 2 May in Berlin.
    let note = try #require(try calpager.store().notes(in: Day.first...Day.last).first)
    #expect(note.day == Day("2024-05-02")!)
    #expect(note.body == "Phone title\nBody written on the phone")
    #expect(note.ical == Self.phoneJournal)

    // Unchanged, the ics export gives the journal back byte for byte.
    let untouched = try calpager.run(["export", "--format", "ics"], environment: berlin)
    let original = Self.journalLines(Self.phoneJournal, uid: "phone-1")
    #expect(Self.journalLines(untouched.stdout, uid: "phone-1") == original)

    try calpager.run(["edit", "1", "New title\nNew body"])
    let edited = Self.journalLines(
      try calpager.run(["export", "--format", "ics"], environment: berlin).stdout, uid: "phone-1")
    let rewritten: Set = ["SUMMARY", "DESCRIPTION", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]
    func name(_ line: String) -> String {
      String(line.prefix { $0 != ":" && $0 != ";" })
    }
    // Every line calpager does not rewrite is there, byte for byte and in its place.
    #expect(
      edited.filter { !rewritten.contains(name($0)) }
        == original.filter { !rewritten.contains(name($0)) })
    #expect(edited.contains("SUMMARY:New title"))
    #expect(edited.contains("DESCRIPTION;LANGUAGE=en:New body"))
    #expect(edited.contains("SEQUENCE:4"))
    #expect(!edited.contains("DTSTAMP:20240501T100000Z"))

    // undo puts the note back with its item: the export is the original again.
    #expect(try calpager.run(["undo"]).status == 0)
    let undone = try calpager.run(["export", "--format", "ics"], environment: berlin)
    #expect(Self.journalLines(undone.stdout, uid: "phone-1") == original)

    // A move keeps the time of day and changes the date.
    try calpager.run(["mv", "1", "2024-05-10"])
    let moved = Self.journalLines(
      try calpager.run(["export", "--format", "ics"], environment: berlin).stdout, uid: "phone-1")
    #expect(moved.contains("DTSTART:20240509T230000Z"))
    #expect(moved.contains("DESCRIPTION;LANGUAGE=en:Body written on the phone"))
  }

  @Test func jsonLinesCarryTheItemAsTheLastKeySoAnotherDatabaseKeepsIt() throws {
    let laptop = Calpager()
    let file = laptop.directory.file("phone.ics")
    try writeFile(file, Self.phoneJournal)
    try laptop.run(["import", file])
    try laptop.run(["add", "--day", "2024-05-03", "made here"])
    for format in ["jsonl", "json"] {
      let export = try laptop.run(["export", "--format", format]).stdout
      #expect(export.contains(#""updated":"2024-05-01T10:00:00.000Z","ical":"BEGIN:VCALENDAR\r\n"#))
      #expect(export.contains("\\r\\nEND:VCALENDAR\\r\\n\"}"))
      // A note calpager made has no item: no key.
      #expect(export.components(separatedBy: #""ical""#).count == 2)

      let desktop = Calpager()
      let copy = desktop.directory.file("notes.\(format)")
      try writeFile(copy, export)
      #expect(try desktop.run(["import", copy]).status == 0)
      #expect(try desktop.run(["export", "--format", format]).stdout == export)
      #expect(
        try desktop.run(["export", "--format", "ics"]).stdout
          == laptop.run(["export", "--format", "ics"]).stdout)
    }
  }

  @Test func csvCarriesNoItemAndAnImportNeverClearsTheStoredOne() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("phone.ics")
    try writeFile(file, Self.phoneJournal)
    try calpager.run(["import", file])
    let csv = try calpager.run(["export", "--format", "csv"]).stdout
    #expect(!csv.contains("CATEGORIES") && !csv.contains("ical"))

    // A newer version of the note from a csv: text and day change, the item stays.
    let newer = calpager.directory.file("newer.csv")
    try writeFile(
      newer,
      "uid,day,body,created,updated\r\nphone-1,2024-05-02,From a spreadsheet,"
        + "2024-05-01T09:00:00.000Z,2025-01-01T00:00:00.000Z\r\n")
    #expect(try calpager.run(["import", newer]).stdout.contains("1 updated"))
    let note = try #require(try calpager.store().notes(in: Day.first...Day.last).first)
    #expect(note.body == "From a spreadsheet")
    // The move is written into the item at once (issue 20, item 4): its start moves a day.
    let item = try #require(note.ical)
    #expect(item.contains("\r\nDTSTART:20240502T230000Z\r\n"))
    #expect(item.contains("\r\nCATEGORIES:work,home\r\n"))
    let journal = Self.journalLines(
      try calpager.run(["export", "--format", "ics"]).stdout, uid: "phone-1")
    #expect(journal.contains("SUMMARY:From a spreadsheet"))
    #expect(
      journal.contains("CATEGORIES:work,home") && journal.contains("X-PHONE-MOOD;X-SCALE=5:4"))
    #expect(!journal.contains { $0.hasPrefix("DESCRIPTION") })
  }

  @Test(.requires(.tzdata))
  func undatedAndRecurringJournalsAreNotesAndNeitherFailsTheImport() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("other.ics")
    try writeFile(
      file,
      crlfLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN",
        "BEGIN:VJOURNAL", "UID:undated", "DTSTAMP:20240601T120000Z",
        "CREATED:20240520T230000Z", "DESCRIPTION:No start date", "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240601T120000Z",
        "DTSTART;VALUE=DATE:20240603", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Weekly review",
        "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240601T120000Z",
        "RECURRENCE-ID;VALUE=DATE:20240610", "DTSTART;VALUE=DATE:20240611",
        "SUMMARY:Weekly review (moved)", "END:VJOURNAL",
        "END:VCALENDAR",
      ]))
    let result = try calpager.run(["import", file], environment: ["TZ": "Asia/Tokyo"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Imported \(file): 2 added, 0 updated, 0 unchanged, 0 skipped\n")
    let notes = try calpager.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["No start date", "Weekly review"])
    // 23:00 UTC on 20 May is 21 May in Tokyo.
    #expect(notes.map(\.day) == [Day("2024-05-21")!, Day("2024-06-03")!])
    let export = try calpager.run(["export", "--format", "ics"], environment: ["TZ": "Asia/Tokyo"])
    let undated = Self.journalLines(export.stdout, uid: "undated")
    #expect(!undated.contains { $0.hasPrefix("DTSTART") })
    #expect(export.stdout.contains("RRULE:FREQ=WEEKLY;COUNT=4"))
    #expect(export.stdout.contains("RECURRENCE-ID;VALUE=DATE:20240610"))
    #expect(export.stdout.contains("SUMMARY:Weekly review (moved)"))
  }

  @Test func theSummaryNamesSkippedJournalsAndCountsEventsAndToDos() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("mixed.ics")
    try writeFile(
      file,
      crlfLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN",
        "BEGIN:VEVENT", "UID:event-1", "DTSTAMP:20240601T120000Z",
        "DTSTART:20240601T120000Z", "SUMMARY:Meeting", "END:VEVENT",
        "BEGIN:VTODO", "UID:todo-1", "DTSTAMP:20240601T120000Z", "SUMMARY:Task", "END:VTODO",
        "BEGIN:VEVENT", "UID:event-2", "DTSTAMP:20240601T120000Z",
        "DTSTART:20240602T120000Z", "SUMMARY:Lunch", "END:VEVENT",
        "BEGIN:VJOURNAL", "UID:empty", "DTSTAMP:20240601T120000Z",
        "DTSTART;VALUE=DATE:20240601", "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:kept", "DTSTAMP:20240601T120000Z",
        "DTSTART;VALUE=DATE:20240601", "SUMMARY:Kept", "END:VJOURNAL",
        "END:VCALENDAR",
      ]))
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let dryRun = try calpager.run(["import", "--dry-run", file])
    #expect(calpager.snapshot() == before)
    #expect(
      dryRun.stdout.split(separator: "\n").first
        == "Would import \(file): 1 added, 0 updated, 0 unchanged, 1 skipped (dry run: nothing changed)"[
          ...])

    let text = try calpager.run(["import", file])
    #expect(
      text.stdout
        == """
        Imported \(file): 1 added, 0 updated, 0 unchanged, 1 skipped
          skipped line 21 (uid 'empty'): a journal with no text (no SUMMARY or DESCRIPTION with text)
          2 events (VEVENT) and 1 to-do (VTODO) not imported: calpager keeps journals (VJOURNAL) only; keep events and to-dos in a calendar or task program (khal, todoman)

        """)
    let json = try calpager.run(["import", file, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["unchanged"] as? Int == 1)
    #expect(object["events"] as? Int == 2 && object["todos"] as? Int == 1)
    let skipped = try #require(object["skippedRecords"] as? [[String: Any]])
    #expect(skipped.count == 1)
    #expect(skipped.first?["line"] as? Int == 21 && skipped.first?["uid"] as? String == "empty")
    #expect(json.stdout.hasPrefix(#"{"added":0,"updated":0,"unchanged":1,"skipped":1,"#))
    #expect(json.stdout.hasSuffix(#""starred":0,"derivedUIDs":0}"# + "\n"))
  }

  @Test func aSemicolonCSVIsReadAndItsUnknownColumnsNamed() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("spreadsheet.csv")
    try writeFile(
      file,
      "day;body;mood;Tags\r\n2024-05-03;\"semi; colon, comma\";happy;x\r\n2024-05-04;plain;;\r\n")
    let result = try calpager.run(["import", file])
    #expect(
      result.stdout
        == """
        Imported \(file): 2 added, 0 updated, 0 unchanged, 0 skipped
          read as CSV with ';' between fields
          unknown columns ignored: 'mood', 'Tags'

        """)
    #expect(
      try calpager.store().notes(in: Day.first...Day.last).map(\.body) == [
        "semi; colon, comma", "plain",
      ])
    // A second import finds the same notes (their uids come from their content).
    #expect(
      try calpager.run(["import", file]).stdout.contains(": 0 added, 0 updated, 2 unchanged"))
    let json = try calpager.run(["import", file, "--json"]).stdout
    #expect(
      json.contains(#""unknownColumns":["mood","Tags"]"#) && json.contains(#""separator":";""#))
  }

  @Test func aSemicolonCSVWithoutTheColumnsIsRefusedNamingTheSeparator() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("bad.csv")
    try writeFile(file, "date;text\r\n2024-05-03;x\r\n")
    try calpager.run(["show"])
    let before = calpager.snapshot()
    let result = try calpager.run(["import", file])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("';'"), "\(result.stderr)")
    #expect(calpager.snapshot() == before)
  }

  @Test(.requires(.tzdata)) func jrnlEntriesBecomeNotesAndASecondImportChangesNothing() throws {
    let calpager = Calpager()
    let file = calpager.directory.file("journal.json")
    try writeFile(
      file,
      #"{"tags":{"@work":1},"entries":["#
        + #"{"title":"Met the @work team.","body":"Long day.\nTired.","date":"2024-05-01","time":"21:30","tags":["@work"],"starred":true},"#
        + #"{"title":"Quiet day","body":"","date":"2024-05-02","time":"08:05","tags":[],"starred":false}"#
        + "]}\n")
    let berlin: [String: String?] = ["TZ": "Europe/Berlin"]
    let first = try calpager.run(["import", "--format", "jrnl", file], environment: berlin)
    #expect(
      first.stdout
        == "Imported \(file): 2 added, 0 updated, 0 unchanged, 0 skipped\n"
        + "  1 starred entry (the star is not kept)\n")
    let notes = try calpager.store().notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["Met the @work team.\nLong day.\nTired.", "Quiet day"])
    #expect(notes.map(\.day) == [Day("2024-05-01")!, Day("2024-05-02")!])
    // 21:30 in Berlin in May is 19:30 UTC; created and updated are both that moment.
    #expect(notes[0].created.description == "2024-05-01T19:30:00.000Z")
    #expect(notes[0].updated == notes[0].created)
    let before = calpager.snapshot()
    let second = try calpager.run(["import", "--format", "jrnl", file], environment: berlin)
    #expect(second.stdout.hasPrefix("Imported \(file): 0 added, 0 updated, 2 unchanged, 0 skipped"))
    #expect(calpager.snapshot() == before)
    let json = try calpager.run(
      ["import", "--format", "jrnl", file, "--json"], environment: berlin)
    #expect(json.stdout.contains(#""starred":1"#))
    // jrnl is read, never written.
    let export = try calpager.run(["export", "--format", "jrnl"])
    #expect(export.status == 64)
  }
}
