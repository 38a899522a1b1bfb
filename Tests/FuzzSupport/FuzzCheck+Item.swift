internal import CalendarPaging
internal import Interchange
internal import NoteModel

extension FuzzCheck {
  /// Reads `data` as one vdir item and returns the checks that fail, none when all hold: a
  /// parsed document gives its input back; an item read as a note and written back unchanged
  /// is the same bytes (or, with no stored form, reads as the same note); and written back
  /// after its body or day changed, it reads as the changed note, with the same uid.
  package static func failures(readingItem data: UnsafeBufferPointer<UInt8>) -> [String] {
    var failures = FuzzFailures()
    let bytes = Array(data)
    if let document = try? ICalendarDocument(parsing: bytes) {
      failures.expect(document.bytes == bytes, "a parsed document does not give its input back")
    }
    guard case .note(let read) = ICalItem.read(bytes, zone: zone) else {
      return failures.sentences
    }
    let note = Note(
      uid: read.uid ?? "", day: read.day, body: read.body, created: read.created ?? .earliest,
      updated: read.updated ?? .earliest, ical: read.ical)
    let unchanged = ICalItem.render(note, zone: zone)
    if let stored = read.ical {
      failures.expect(unchanged == Array(stored.utf8), "an unchanged note changed its item")
      if String(validating: bytes, as: UTF8.self) != nil {
        failures.expect(unchanged == bytes, "an unchanged note changed its file")
      }
    } else {
      expect(ICalItem.read(unchanged, zone: zone), toBe: note, in: &failures)
    }
    let edits: [(body: String, days: Int)] = [
      (read.body + " edited", 0), ("first\r\nsecond \u{1} 日本", 3), ("x", -40),
      (read.body, 1), ("line\nbreaks\n", 0),
    ]
    for edit in edits {
      var edited = note
      edited.body = edit.body
      edited.day = note.day.adding(days: edit.days) ?? note.day
      edited.updated = Timestamp(millisecondsSinceEpoch: 1_717_230_600_250)!
      if edited.day != note.day {
        // A move is written into the stored item as `mv` writes it (issue 20, item 4).
        edited.ical = (try? ICalItem.moved(edited, from: note.day, zone: zone)) ?? edited.ical
      }
      expect(
        ICalItem.read(ICalItem.render(edited, zone: zone), zone: zone), toBe: edited,
        in: &failures)
    }
    return failures.sentences
  }

  private static func expect(
    _ reading: ICalItem.Reading, toBe note: Note, in failures: inout FuzzFailures
  ) {
    guard case .note(let back) = reading else {
      return failures.expect(false, "a written note is not a note: \(reading)")
    }
    failures.expect(back.body == note.body, "the body did not survive")
    failures.expect(back.day == note.day, "the day did not survive")
    failures.expect((back.uid ?? "") == note.uid, "the uid did not survive")
  }
}
