/// What a sync keeps between its transactions: the vdir's id and the undo step.
public struct SyncSession: Sendable {
  /// The vdir's absolute path.
  public let path: String
  /// The token of the folder's marker file.
  public let token: String
  /// Its id in the sync state, once known.
  public internal(set) var vdir: Int?
  /// The path the state records for it: another one when the folder moved since its last
  /// sync (the first change of this one records the new path).
  var recordedPath: String?
  /// The undo step of the sync, once it has changed a note.
  var action: Int?

  /// A session for the vdir at `path` whose marker holds `token`, whose id is `vdir` when it
  /// was synced before, at `recordedPath`.
  public init(path: String, token: String, vdir: Int?, recordedPath: String? = nil) {
    self.path = path
    self.token = token
    self.vdir = vdir
    self.recordedPath = recordedPath ?? (vdir == nil ? nil : path)
  }
}
