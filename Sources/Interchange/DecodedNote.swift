public import CalendarPaging

/// One note read from an import file, before the store decides what to do with it.
public struct DecodedNote: Sendable, Hashable {
  /// The note's uid; nil when the record has none (or an empty one): the store makes one.
  public var uid: String?
  /// The day the note is on.
  public var day: Day
  /// The note's text (possibly empty).
  public var body: String
  /// When the note was created; nil when the record does not say.
  public var created: Timestamp?
  /// When the note was last changed; nil when the record does not say.
  public var updated: Timestamp?
  /// The 1-based line of the input where the record starts.
  public var line: Int

  /// Creates a decoded note from its fields.
  public init(
    uid: String?, day: Day, body: String, created: Timestamp?, updated: Timestamp?, line: Int
  ) {
    self.uid = uid
    self.day = day
    self.body = body
    self.created = created
    self.updated = updated
    self.line = line
  }
}
