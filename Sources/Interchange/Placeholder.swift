import CalendarPaging

/// A point in time (placeholder until the codecs land).
public struct Timestamp: Sendable, Hashable, Comparable {
  /// Milliseconds since the epoch.
  public var milliseconds: Int
  /// Creates a timestamp.
  public init(milliseconds: Int) { self.milliseconds = milliseconds }
  /// Orders timestamps.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }
}

/// A note (placeholder until the codecs land).
public struct Note: Sendable, Hashable {
  /// The local id.
  public var id: Int?
  /// The stable id.
  public var uid: String
  /// The day.
  public var day: Day
  /// The text.
  public var body: String
  /// When it was created.
  public var created: Timestamp
  /// When it was last changed.
  public var updated: Timestamp
  /// Creates a note.
  public init(
    id: Int?, uid: String, day: Day, body: String, created: Timestamp, updated: Timestamp
  ) {
    self.id = id
    self.uid = uid
    self.day = day
    self.body = body
    self.created = created
    self.updated = updated
  }
}
