public import CalendarPaging

/// A note as data: the owned form, for tests, `--json` output of a few notes, and callers
/// that already hold Swift strings.
///
/// The other forms a note takes, each for one job:
/// - `NoteFields`: the same fields borrowed, their bytes owned by someone else (a SQLite row,
///   a page's buffer): the export and page paths make no `String` per note;
/// - `DecodedNote` (Interchange): a record read from an import file or a vdir item, before the
///   store gives it an id and what it may lack (a uid, its times);
/// - `VersionedNote` (NoteStore): a note with the version the sync state records for it;
/// - `DayNotes` (NoteStore): one day's notes in one buffer, what a page shows and caches.
///
/// `NoteTimes` is a note's two times together, as an item file carries them.
public typealias Note = NoteRecord<String>

/// A borrowed view of one note's fields, the same as `Note`'s: the export hot path.
///
/// `uid` and `body` point at UTF-8 bytes owned by someone else (for instance the row SQLite
/// just stepped to) and are valid only while the view is in use: an encoder copies them into
/// its output and keeps nothing. No `String` is made per row.
public typealias NoteFields = NoteRecord<UnsafeBufferPointer<UInt8>>

/// A note's fields, over what holds its text.
///
/// The text is `String`s (`Note`) or borrowed UTF-8 bytes (`NoteFields`): one declaration, so
/// that the owned and the borrowed note cannot drift apart.
public struct NoteRecord<Text> {
  /// The note's id in one database; nil when it has none (exported files carry none).
  public var id: Int?
  /// The stable identifier that makes import idempotent (in `NoteFields`, its UTF-8 bytes).
  public var uid: Text
  /// The day the note is on.
  public var day: Day
  /// The note's text, any UTF-8 (multi-line, possibly empty; in `NoteFields`, its bytes).
  public var body: Text
  /// When the note was created.
  public var created: Timestamp
  /// When the note was last changed.
  public var updated: Timestamp
  /// The iCalendar item the note came with (see `ICalItem`).
  ///
  /// Kept to write back what calpager does not interpret; nil for a note calpager made, or
  /// whose item is exactly what calpager writes for it. In `NoteFields`, its UTF-8 bytes.
  public var ical: Text?

  /// Creates a note from its fields (a `NoteFields` whose bytes the caller keeps alive while
  /// the view is used).
  @inlinable
  public init(
    id: Int? = nil, uid: Text, day: Day, body: Text, created: Timestamp, updated: Timestamp,
    ical: Text? = nil
  ) {
    self.id = id
    self.uid = uid
    self.day = day
    self.body = body
    self.created = created
    self.updated = updated
    self.ical = ical
  }
}

extension NoteRecord: Sendable where Text: Sendable {}
extension NoteRecord: Equatable where Text: Equatable {}
extension NoteRecord: Hashable where Text: Hashable {}

extension Note {
  /// Calls `body` with a borrowed view of this note's fields, valid only during the call.
  public func withFields<Result>(_ body: (NoteFields) throws -> Result) rethrows -> Result {
    var uid = self.uid
    var text = self.body
    var ical = self.ical
    return try uid.withUTF8 { uidBytes in
      try text.withUTF8 { bodyBytes in
        func fields(_ icalBytes: UnsafeBufferPointer<UInt8>?) -> NoteFields {
          NoteFields(
            id: id, uid: uidBytes, day: day, body: bodyBytes, created: created, updated: updated,
            ical: icalBytes)
        }
        guard ical != nil else { return try body(fields(nil)) }
        return try ical!.withUTF8 { try body(fields($0)) }
      }
    }
  }
}
