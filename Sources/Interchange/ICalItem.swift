public import NoteModel

/// One iCalendar item file, as a vdir holds them (one `.ics` per item): read into a note or a
/// reason it is not one (through the component model, `ICalendarDocument`), and written from a
/// note (through `ICSWriter`, as exports are).
///
/// The stored form of a note that came from an item is the item's text itself (`Note.ical`):
/// the whole `VCALENDAR`, with its time zones and every journal sharing the `UID` (a recurring
/// journal and its overrides), exactly as read (but for a line folded inside a UTF-8
/// sequence, folded again so that the text is valid UTF-8). It is absent when the item is
/// exactly what calpager writes for the note, so notes made by calpager keep nothing.
///
/// ```swift
/// switch ICalItem.read(bytes, zone: zone) {
/// case .note(let note): …  // note.ical is the stored form, or nil
/// case .notANote(let reason, let uid): …  // left alone, named in the summary
/// }
/// let file = ICalItem.render(note, zone: zone)
/// ```
public enum ICalItem {
  /// What an item file holds.
  public enum Reading: Sendable, Equatable {
    /// A journal calpager makes a note of; `line` is its `BEGIN:VJOURNAL`'s.
    case note(DecodedNote)
    /// Anything else, with the reason and the `UID` when one is readable.
    case notANote(ICalSkipReason, uid: String?)
  }

  /// Reads an item: one `VCALENDAR` with one journal (and its overrides, and time zones).
  ///
  /// An item holding a to-do or another component is not a note, nor is one with events but no
  /// journal, no journal at all, journals of different UIDs, or a journal calpager cannot take
  /// (see `ICalSkipReason`); bytes that are not iCalendar are `unparsable`. Events beside the
  /// journal stay in the stored item, and every rewrite of the journal keeps them whole. The day of a UTC
  /// `DTSTART` (or of `CREATED`) is its local date in `zone`.
  ///
  /// - Complexity: O(*n*) in the size of the item.
  public static func read(_ bytes: [UInt8], zone: LocalZone) -> Reading {
    let document: ICalendarDocument
    do {
      document = try ICalendarDocument(parsing: bytes)
    } catch {
      guard case .malformed(let line, let problem) = error else {
        return .notANote(.unparsable(line: 1, .invalidUTF8), uid: nil)
      }
      return .notANote(.unparsable(line: line, problem), uid: nil)
    }
    var journals: [ICalendarComponent] = []
    var firstEvent: ICalendarComponent?
    for calendar in document.calendars {
      for component in calendar.components where component.name != "VTIMEZONE" {
        switch component.name {
        case "VJOURNAL": journals.append(component)
        // An event beside the journal (a client that keeps both in one file) is kept with
        // the note, as everything in the item is, and written back as it was.
        case "VEVENT": firstEvent = firstEvent ?? component
        case "VTODO": return .notANote(.todo, uid: ICalJournal.uid(of: component))
        default:
          return .notANote(
            .otherComponent(component.name), uid: ICalJournal.uid(of: component))
        }
      }
    }
    guard let first = journals.first else {
      if let firstEvent { return .notANote(.event, uid: ICalJournal.uid(of: firstEvent)) }
      return .notANote(.noJournal, uid: nil)
    }
    let uid = ICalJournal.uid(of: first)
    let masters = journals.filter { !ICalJournal.isOverride($0) }
    guard journals.allSatisfy({ ICalJournal.uid(of: $0) == uid }), masters.count <= 1 else {
      return .notANote(.severalJournals, uid: uid)
    }
    guard let master = masters.first else { return .notANote(.orphanOverride, uid: uid) }
    let reading: ICalJournal
    do throws(ICalSkipReason) {
      reading = try ICalJournal(master, zone: zone)
    } catch {
      return .notANote(error, uid: uid)
    }
    var note = DecodedNote(
      uid: reading.uid, day: reading.day, body: String(decoding: reading.body, as: UTF8.self),
      created: reading.created, updated: reading.updated, line: master.line)
    if let created = note.created, let updated = note.updated, let uid = note.uid {
      let fresh = render(
        Note(uid: uid, day: note.day, body: note.body, created: created, updated: updated),
        zone: zone)
      if fresh == bytes { return .note(note) }
    }
    // A fold that split a UTF-8 sequence is folded again: the stored form is text.
    let text = bytes.withUnsafeBufferPointer(UTF8Validation.isValid) ? bytes : document.validBytes
    note.ical = String(decoding: text, as: UTF8.self)
    return .note(note)
  }

  /// The item file for a note: its stored item with the note written into it when it has one
  /// (unchanged bytes when the note's uid, body and day are what the item says), else, or
  /// when the stored item holds no journal, the item calpager writes (see `ICSWriter`).
  public static func render(_ note: Note, zone: LocalZone) -> [UInt8] {
    note.withFields { render($0, zone: zone) }
  }

  /// The item file for the note `fields` describe (see `render(_:zone:)`).
  public static func render(_ fields: NoteFields, zone: LocalZone) -> [UInt8] {
    ICSWriter.item(fields, zone: zone)
  }

  /// Checks that `bytes` are an item a note can keep (`DecodedNote.ical` from an `ical` key).
  ///
  /// - Throws: `invalidICal` with the reason when they are not.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportProblem) -> String {
    guard UTF8Validation.isValid(bytes) else { throw .invalidUTF8 }
    if case .notANote(let reason, _) = read(Array(bytes), zone: .utc) {
      throw .invalidICal(reason.description)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
