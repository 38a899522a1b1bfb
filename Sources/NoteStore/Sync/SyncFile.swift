/// An item file as a sync records it: its name, its fingerprint and its stat.
public struct SyncFile: Sendable, Hashable {
  /// The file's name in the vdir, such as `abc.ics`.
  public var name: String
  /// The fingerprint of its bytes.
  public var fingerprint: String
  /// Its stat.
  public var stat: FileStat

  /// A file of these values.
  public init(name: String, fingerprint: String, stat: FileStat) {
    self.name = name
    self.fingerprint = fingerprint
    self.stat = stat
  }
}
