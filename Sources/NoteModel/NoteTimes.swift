/// A note's times as an item file carries them: an item of another program has them to the
/// second only, so the note takes them when its item is written, and every device reads the
/// same times from it.
public struct NoteTimes: Sendable, Hashable {
  /// When the note was created.
  public var created: Timestamp
  /// When it was last changed.
  public var updated: Timestamp
}

extension Note {
  /// When the note was created and last changed.
  public var times: NoteTimes {
    get { NoteTimes(created: created, updated: updated) }
    set { (created, updated) = (newValue.created, newValue.updated) }
  }
}
