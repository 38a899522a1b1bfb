import DisplayText

/// A sync that stopped part-way, with what it had already done: the error, then what of the
/// sync is in place (a user must know a conflict copy was made before the folder failed).
///
/// Everything named is consistent as it is: files written but not yet recorded show the same
/// text on both sides, and the next sync records them without a conflict.
public struct SyncFailure: Error, CustomStringConvertible {
  /// Why the sync stopped: a `SyncError` or one of the store's errors.
  public let error: any Error
  /// The report of what the batches before the failure recorded.
  public let report: SyncReport
  /// Conflict copies of the folder's versions committed in the batch that failed, before its
  /// files were written.
  public let copies: [KeptCopy]
  /// Item files the batch that failed wrote or removed before it stopped.
  public let filesChanged: Int

  /// A conflict's losing version from the folder, kept as a note of its own.
  public struct KeptCopy: Sendable, Equatable {
    /// The item file it came from.
    public let name: String
    /// The copy's uid.
    public let uid: String
    /// The copy's note id.
    public let id: Int?
  }

  /// The error's line, then what the sync had done: `cannot write 'X': Permission denied;
  /// before it stopped, the sync had kept the vdir's version of 'a.ics' as #4 (uid 'c'), a
  /// conflict copy; the next sync carries on`.
  public var description: String {
    var done: [String] = []
    let counts = [
      (report.sent, "sent"), (report.received, "received"), (report.updated, "updated"),
      (report.removed, "removed"),
    ].filter { $0.0 > 0 }
    if !counts.isEmpty {
      done.append(
        "recorded " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    }
    for conflict in report.conflicts {
      let id = conflict.copyID.map { "#\($0) " } ?? ""
      done.append(
        "settled the conflict in \(Quote.quoted(conflict.name)) (the other version is \(id)"
          + "uid \(Quote.quoted(conflict.copyUID)))")
    }
    for copy in copies {
      let id = copy.id.map { "#\($0) " } ?? ""
      done.append(
        "kept the vdir's version of \(Quote.quoted(copy.name)) as \(id)(uid "
          + "\(Quote.quoted(copy.uid))), a conflict copy")
    }
    if filesChanged > 0 {
      done.append(
        "written \(filesChanged) file\(filesChanged == 1 ? "" : "s") not yet recorded (the next "
          + "sync records \(filesChanged == 1 ? "it" : "them"))")
    }
    let what =
      done.isEmpty
      ? "nothing had been changed yet"
      : "before it stopped, the sync had "
        + done.joined(separator: "; ")
    return "\(error); \(what); the next sync carries on from there"
  }
}
