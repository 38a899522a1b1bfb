/// One item of a vdir's sync state: how its file and its note were when last in step.
public struct SyncedItem: Sendable, Hashable {
  /// The file as it was then.
  public let file: SyncFile
  /// The note's uid; nil for an item left alone (an event, a file that is not iCalendar…).
  public let uid: String?
  /// The note's version then; nil with `uid`.
  public let version: Int64?
  /// Why an item is left alone; nil for a note's item.
  public let ignoredReason: String?

  /// An item of these values (a sync's own view of an item, such as one renamed by hand).
  public init(file: SyncFile, uid: String?, version: Int64?, ignoredReason: String?) {
    self.file = file
    self.uid = uid
    self.version = version
    self.ignoredReason = ignoredReason
  }
}
