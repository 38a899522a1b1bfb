import CalendarPaging
import Foundation
import Glibc
import Interchange
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI
@testable import VdirSync

/// `sync` and the items of other programs: what is left alone, what is kept byte for byte,
/// undated and recurring journals, exact bodies, a server's serialisation.
extension SyncCommandTests {
  @Test func itemsThatAreNotNotesAreLeftAloneCountedAndNamed() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    try vdir.write(
      "event.ics",
      crlfLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT", "UID:e1",
        "DTSTAMP:20240501T100000Z", "DTSTART:20240501T100000Z", "SUMMARY:Meeting", "END:VEVENT",
        "END:VCALENDAR",
      ]))
    try vdir.write(
      "todo.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:t1\r\nSUMMARY:Task\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    try vdir.write(
      "empty.ics",
      journalItem(uid: "empty", ["DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501"]))
    try vdir.write("garbage.ics", "this is not iCalendar\n")
    try vdir.write("notes.txt", "not an item at all")
    try FileManager.default.createDirectory(
      atPath: vdir.path + "/folder.ics", withIntermediateDirectories: false)
    let before = vdir.snapshot()

    let text = try laptop.run("sync \(vdir.path)")
    // Only the folder's marker is new.
    #expect(vdir.names() == [VdirFolder.marker] + before.keys.sorted())
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.summary(vdir, ignored: 5))
    #expect(
      lines.contains("  left alone: event.ics: an event (VEVENT): calpager keeps journals only"))
    #expect(lines.contains("  left alone: todo.ics: a to-do (VTODO): calpager keeps journals only"))
    #expect(lines.contains { $0.hasPrefix("  left alone: empty.ics: a journal with no text") })
    #expect(lines.contains { $0.hasPrefix("  left alone: garbage.ics: not iCalendar: line 1") })
    #expect(lines.contains("  left alone: folder.ics: not a regular file"))
    #expect(!text.contains("notes.txt"))
    #expect(try laptop.store.noteCount() == 0)
    #expect(vdir.snapshot(includingMarker: false) == before, "never rewritten, never removed")

    // The next sync reads none of them again and writes nothing, but still names them.
    let database = contentsOfFile(laptop.directory.file("notes.db"))
    let json = try laptop.json("sync")
    let ignored = try #require(json["ignored"] as? [[String: String]])
    #expect(
      ignored.map { $0["name"]! }.sorted()
        == ["empty.ics", "event.ics", "folder.ics", "garbage.ics", "todo.ics"])
    #expect(contentsOfFile(laptop.directory.file("notes.db")) == database)
    #expect(vdir.snapshot(includingMarker: false) == before)
  }

  @Test func aSyncedFileThatNoLongerParsesIsLeftAloneNotRemoved() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Precious", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    let file = note.uid + ".ics"
    let good = vdir.text(file)
    try vdir.write(file, "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nhalf a file")
    try laptop.store.edit(id: note.id!, body: "Precious, edited")

    let lines = try laptop.run("sync").split(separator: "\n").map(String.init)
    #expect(lines.first == Self.summary(vdir, ignored: 1))
    #expect(lines.contains { $0.hasPrefix("  left alone: \(file): not iCalendar") })
    #expect(try Self.note(laptop, uid: note.uid)?.body == "Precious, edited")
    #expect(vdir.text(file) == "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nhalf a file")

    // Repaired (with the old text), the edit made meanwhile goes out.
    try vdir.write(file, good)
    #expect(try laptop.run("sync") == Self.summary(vdir, updated: 1) + "\n")
    #expect(vdir.text(file).contains("SUMMARY:Precious\\, edited\r\n"))
  }

  @Test func aForeignJournalKeepsEveryPropertyByteForByteThroughEdits() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let phone = journalItem(
      uid: "phone-1",
      [
        "DTSTAMP:20240501T100000Z", "CREATED:20240501T090000Z", "LAST-MODIFIED:20240501T100000Z",
        "DTSTART;VALUE=DATE:20240501", "SUMMARY:Phone title",
        "DESCRIPTION;LANGUAGE=en:Body written on the phone", "CATEGORIES:work,home",
        "ATTACH:https://example.com/a.png", "STATUS:FINAL", "X-PHONE-MOOD;X-SCALE=5:4",
        "SEQUENCE:3",
      ])
    try vdir.write("Phone Note 1.ics", phone)
    #expect(try laptop.run("sync \(vdir.path)") == Self.summary(vdir, received: 1) + "\n")
    let id = try #require(try Self.note(laptop, uid: "phone-1")?.id)
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
    #expect(vdir.text("Phone Note 1.ics") == phone, "an unchanged note is not rewritten")

    func name(_ line: String) -> String { String(line.prefix { $0 != ":" && $0 != ";" }) }
    let rewritten: Set = ["SUMMARY", "DESCRIPTION", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]
    let kept = phone.components(separatedBy: "\r\n").filter { !rewritten.contains(name($0)) }
    for (round, sequence) in [(1, 4), (2, 5)] {
      try laptop.store.edit(id: id, body: "New title \(round)\nNew body \(round)")
      #expect(try laptop.run("sync") == Self.summary(vdir, updated: 1) + "\n")
      #expect(vdir.items() == ["Phone Note 1.ics"], "the file keeps its name")
      let lines = vdir.text("Phone Note 1.ics").components(separatedBy: "\r\n")
      #expect(lines.filter { !rewritten.contains(name($0)) } == kept)
      #expect(lines.contains("SUMMARY:New title \(round)"))
      #expect(lines.contains("DESCRIPTION;LANGUAGE=en:New body \(round)"))
      #expect(lines.contains("SEQUENCE:\(sequence)"), "SEQUENCE grows at every edit")
    }
  }

  /// `text` as Radicale stores what it is sent: each component's properties sorted, LF line
  /// ends.
  static func reserialised(_ text: String) -> String {
    var output: [String] = []
    var properties: [String] = []
    for line in text.split(whereSeparator: \.isNewline).map(String.init) {
      if line.hasPrefix("BEGIN:") || line.hasPrefix("END:") {
        output += properties.sorted()
        properties = []
        output.append(line)
      } else {
        properties.append(line)
      }
    }
    return (output + properties.sorted()).map { $0 + "\n" }.joined()
  }

  /// Copies every item of `from` to `to` as a server would hand it out: re-serialised.
  static func relay(_ from: VdirFolder, to: VdirFolder) throws {
    for name in from.items() {
      try to.write(name, reserialised(from.text(name)))
    }
    for name in to.items() where !from.items().contains(name) { to.remove(name) }
  }

  @Test func aServersReserialisationIsTheSameItemOnEveryDevice() throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let laptopFolder = VdirFolder()
    let desktopFolder = VdirFolder()
    try laptop.store.add("Made on the laptop", on: Day("2024-05-01")!)
    // A phone's journal on the server, which both folders get in the server's form.
    let phoneItem = Self.reserialised(
      journalItem(
        uid: "phone-1",
        [
          "DTSTAMP:20240501T100000Z", "DTSTART;VALUE=DATE:20240501", "SUMMARY:Phone title",
          "DESCRIPTION;LANGUAGE=en:Phone body", "CATEGORIES:work", "X-MOOD;X-SCALE=5:4",
        ]))
    try laptopFolder.write("phone.ics", phoneItem)
    try laptop.run("sync \(laptopFolder.path)")
    try Self.relay(laptopFolder, to: desktopFolder)
    #expect(try desktop.run("sync \(desktopFolder.path)").hasPrefix("Synced"))
    // The desktop read the server's form of what the laptop wrote: the same notes, and the
    // same items kept with them (none for the note calpager made).
    #expect(try desktop.run("export") == laptop.run("export"))

    // An edit of the phone's journal on the laptop, through the server to the desktop.
    let phone = try #require(try Self.note(laptop, uid: "phone-1"))
    try laptop.store.edit(id: phone.id!, body: "New title\nNew body")
    try laptop.run("sync")
    try Self.relay(laptopFolder, to: desktopFolder)
    #expect(
      try desktop.run("sync") == "Synced \(desktopFolder.path): 0 sent, 0 received, 1 updated, "
        + "0 removed, 0 conflicts, 0 ignored\n")
    #expect(try desktop.run("export") == laptop.run("export"))
    #expect(try Self.note(desktop, uid: "phone-1")?.ical?.contains("X-MOOD;X-SCALE=5:4") == true)
    #expect(try laptop.run("sync") == Self.summary(laptopFolder) + "\n")
    #expect(try desktop.run("sync") == Self.summary(desktopFolder) + "\n")
  }

  @Test func undatedAndRecurringJournalsStayAsTheyAre() throws {
    let laptop = try InProcess()
    let vdir = VdirFolder()
    let undated = journalItem(
      uid: "undated",
      ["DTSTAMP:20240601T120000Z", "CREATED:20240520T080000Z", "DESCRIPTION:No start date"])
    let weekly =
      crlfLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240601T120000Z",
        "DTSTART;VALUE=DATE:20240603", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Weekly review",
        "END:VJOURNAL",
        "BEGIN:VJOURNAL", "UID:weekly", "DTSTAMP:20240601T120000Z",
        "RECURRENCE-ID;VALUE=DATE:20240610", "DTSTART;VALUE=DATE:20240611",
        "SUMMARY:Weekly review (moved)", "END:VJOURNAL", "END:VCALENDAR",
      ])
    try vdir.write("undated.ics", undated)
    try vdir.write("weekly.ics", weekly)
    #expect(try laptop.run("sync \(vdir.path)") == Self.summary(vdir, received: 2) + "\n")
    let notes = try laptop.store.notes(in: Day.first...Day.last)
    #expect(notes.map(\.body) == ["No start date", "Weekly review"])
    #expect(notes.map(\.day) == [Day("2024-05-20")!, Day("2024-06-03")!])
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
    #expect(vdir.text("undated.ics") == undated && vdir.text("weekly.ics") == weekly)

    try laptop.run("edit \(notes[1].id!) Weekly review edited")
    try laptop.run("edit \(notes[0].id!) Still no start date")
    try laptop.run("sync")
    #expect(vdir.text("weekly.ics").contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
    #expect(vdir.text("weekly.ics").contains("RECURRENCE-ID;VALUE=DATE:20240610\r\n"))
    #expect(vdir.text("weekly.ics").contains("SUMMARY:Weekly review (moved)\r\n"))
    #expect(vdir.text("weekly.ics").contains("SUMMARY:Weekly review edited\r\n"))
    #expect(!vdir.text("undated.ics").contains("DTSTART"), "no DTSTART until it is moved")
  }

  @Test func bodiesArriveExact() throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let vdir = VdirFolder()
    let bodies = [
      "control \u{1B}[31m red \u{7} bell \u{0} nul", "CR\rhere and CRLF\r\nthere",
      String(repeating: "10 kB of text. ", count: 700), "会議の日本語メモ 🙂 and 한국어",
      "tab\there\n\nblank line above", "trailing spaces   ", "\u{2028} separators \u{2029}",
    ]
    for (index, body) in bodies.enumerated() {
      try laptop.store.add(body, on: Day("2024-05-0\(index + 1)")!)
    }
    try laptop.run("sync \(vdir.path)")
    try desktop.run("sync \(vdir.path)")
    #expect(try desktop.store.notes(in: Day.first...Day.last).map(\.body) == bodies)
    #expect(try Self.contents(desktop) == Self.contents(laptop))
    // Nothing TEXT cannot hold reaches an item as a raw control character.
    for name in vdir.items() {
      let bytes = vdir.bytes(name) ?? []
      #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0D && $0 != 0x0A && $0 != 0x09 })
    }
  }

  @Test func theSameEditOnTwoDevicesLeavesThemTheSameNote() throws {
    let laptop = try InProcess()
    let desktop = try InProcess()
    let vdir = VdirFolder()
    let note = try laptop.store.add("Plan: meet at 10", on: Day("2024-05-01")!)
    try laptop.run("sync \(vdir.path)")
    try desktop.run("sync \(vdir.path)")
    let onDesktop = try #require(try Self.note(desktop, uid: note.uid)?.id)
    try laptop.run("edit \(note.id!) Plan: meet at 12")
    usleep(5_000)  // the two edits a few milliseconds apart, as on two machines
    try desktop.run("edit \(onDesktop) Plan: meet at 12")
    #expect(try laptop.run("sync") == Self.summary(vdir, updated: 1) + "\n")
    #expect(try desktop.run("sync") == Self.summary(vdir) + "\n")
    // Both devices hold the same note, times included: the laptop's, which the file carries.
    let onLaptopNow = try #require(try Self.note(laptop, uid: note.uid))
    let onDesktopNow = try #require(try Self.note(desktop, uid: note.uid))
    #expect(onDesktopNow.updated == onLaptopNow.updated)
    #expect(onDesktopNow.created == onLaptopNow.created)
    #expect(try desktop.run("export") == laptop.run("export"))
    #expect(try laptop.run("sync") == Self.summary(vdir) + "\n")
    #expect(try desktop.run("sync") == Self.summary(vdir) + "\n")
  }
}
