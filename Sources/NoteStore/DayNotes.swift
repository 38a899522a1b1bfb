import CalendarPaging
import Interchange
import NoteModel

/// One day's notes as read from the database: what a page shows, and what it caches.
///
/// Every note's fields are in one byte buffer, with no `String` made per note: `forEachNote`
/// lends them as `NoteFields`, `notes` copies them out as `Note`s.
public struct DayNotes: Sendable {
  /// Where a note's fields are: its numbers, and its uid and body as ranges of `bytes`.
  struct Row: Sendable {
    let id: Int
    let created: Timestamp
    let updated: Timestamp
    let uid: Range<Int>
    let body: Range<Int>
  }

  /// The day.
  public let day: Day
  /// Whether the notes carry their uids and times; without them (the text of a page needs
  /// only ids and bodies) uids are empty and times `Timestamp.earliest`.
  public let hasDetails: Bool
  private var bytes: [UInt8] = []
  private var rows: [Row] = []

  /// An empty day.
  public init(day: Day, hasDetails: Bool = true) {
    self.day = day
    self.hasDetails = hasDetails
  }

  /// The number of notes.
  public var count: Int { rows.count }

  /// Whether the day has no notes.
  public var isEmpty: Bool { rows.isEmpty }

  /// Adds a note read from a row.
  mutating func append(
    id: Int, uid: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>,
    created: Timestamp, updated: Timestamp
  ) {
    if rows.isEmpty {
      // A day holds a few dozen notes at most, as people write them: room for 16 at once
      // rather than a growth step for each of the first few.
      rows.reserveCapacity(16)
      bytes.reserveCapacity(16 * (uid.count + body.count))
    }
    let uidStart = bytes.count
    bytes.append(contentsOf: uid)
    let bodyStart = bytes.count
    bytes.append(contentsOf: body)
    rows.append(
      Row(
        id: id, created: created, updated: updated, uid: uidStart..<bodyStart,
        body: bodyStart..<bytes.count))
  }

  /// Calls `body` with each note's fields, in the order the notes were added; the bytes are
  /// valid only during the call.
  public func forEachNote(_ body: (NoteFields) throws -> Void) rethrows {
    try bytes.withUnsafeBufferPointer { buffer in
      for row in rows {
        try body(
          NoteFields(
            id: row.id, uid: UnsafeBufferPointer(rebasing: buffer[row.uid]), day: day,
            body: UnsafeBufferPointer(rebasing: buffer[row.body]), created: row.created,
            updated: row.updated))
      }
    }
  }

  /// The notes as values.
  public var notes: [Note] {
    var notes: [Note] = []
    notes.reserveCapacity(rows.count)
    forEachNote { fields in
      notes.append(
        Note(
          id: fields.id, uid: String(decoding: fields.uid, as: UTF8.self), day: day,
          body: String(decoding: fields.body, as: UTF8.self), created: fields.created,
          updated: fields.updated))
    }
    return notes
  }
}

extension NoteStore {
  /// The notes of `day`, in the order they were added, in one buffer.
  ///
  /// `withDetails` says whether to read the notes' uids and times too; a page shown as text
  /// reads only ids and bodies.
  ///
  /// - Complexity: One indexed query; O(log n + k) for k notes on the day.
  public func dayNotes(_ day: Day, withDetails: Bool = true) throws -> DayNotes {
    var result = DayNotes(day: day, hasDetails: withDetails)
    try mappingErrors {
      guard withDetails else {
        try database.prepare("SELECT id, body FROM notes WHERE day = ? ORDER BY id")
          .forEachRow([.int(day.dayNumber)]) { row in
            row.withBytes(at: 1) { body in
              result.append(
                id: row.int(at: 0), uid: UnsafeBufferPointer(start: nil, count: 0), body: body,
                created: Timestamp.earliest, updated: Timestamp.earliest)
            }
          }
        return
      }
      try database.prepare(
        "SELECT id, uid, body, created, updated FROM notes WHERE day = ? ORDER BY id"
      ).forEachRow([.int(day.dayNumber)]) { row in
        row.withBytes(at: 1) { uid in
          row.withBytes(at: 2) { body in
            result.append(
              id: row.int(at: 0), uid: uid, body: body,
              created: Timestamp(clamping: row.int(at: 3)),
              updated: Timestamp(clamping: row.int(at: 4)))
          }
        }
      }
    }
    return result
  }
}
