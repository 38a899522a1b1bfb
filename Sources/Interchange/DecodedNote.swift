public import CalendarPaging
public import NoteModel

/// One note read from an import file, before the store decides what to do with it.
///
/// Unlike a `Note`, it has no id, its uid and times may be missing (the store derives or
/// stamps them), and it keeps the line of the input it came from, for the error that names it.
public struct DecodedNote: Sendable, Hashable {
  /// The note's uid; nil only in a record made by hand (the store makes one then).
  ///
  /// `NoteDecoder` always sets one: a record without a uid (or with an empty one) gets one
  /// derived from its content (`ContentUID`, `uidIsDerived` true).
  public var uid: String?
  /// The day the note is on.
  public var day: Day
  /// The note's text (never empty or white space when it comes from `NoteDecoder`).
  public var body: String
  /// When the note was created; nil when the record does not say.
  public var created: Timestamp?
  /// When the note was last changed; nil when the record does not say.
  public var updated: Timestamp?
  /// The 1-based line of the input where the record starts.
  public var line: Int
  /// The iCalendar item the note keeps (`Note.ical`): from an `ical` key of jsonl or json, or
  /// the journal an `ics` record came from (nil when it is exactly what calpager writes).
  public var ical: String?
  /// Whether `uid` was derived from the record's content because the record had none.
  public var uidIsDerived: Bool

  /// Creates a decoded note from its fields.
  public init(
    uid: String?, day: Day, body: String, created: Timestamp?, updated: Timestamp?, line: Int,
    ical: String? = nil, uidIsDerived: Bool = false
  ) {
    self.uid = uid
    self.day = day
    self.body = body
    self.created = created
    self.updated = updated
    self.line = line
    self.ical = ical
    self.uidIsDerived = uidIsDerived
  }
}
