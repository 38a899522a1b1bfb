/// What a sync keeps between its transactions: the vdir's id and the undo step.
public struct SyncSession: Sendable {
  /// The vdir's absolute path.
  public let path: String
  /// The token of the folder's marker file.
  public let token: String
  /// Its id in the sync state, once known.
  public internal(set) var vdir: Int?
  /// The undo step of the sync, once it has changed a note.
  var action: Int?

  /// A session for the vdir at `path` whose marker holds `token`, whose id is `vdir` when it
  /// was synced before.
  public init(path: String, token: String, vdir: Int?) {
    self.path = path
    self.token = token
    self.vdir = vdir
  }
}
