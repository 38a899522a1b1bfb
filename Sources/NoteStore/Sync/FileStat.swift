/// What `stat` says about an item file: a file whose three values are those recorded is
/// taken as unchanged and not read (as vdirsyncer's own etags do).
public struct FileStat: Sendable, Hashable {
  /// The size in bytes.
  public var size: Int
  /// The modification time, in nanoseconds since 1970-01-01T00:00:00Z.
  public var modified: Int
  /// The inode number (its bits, as a signed integer).
  public var inode: Int

  /// A stat of these values.
  public init(size: Int, modified: Int, inode: Int) {
    self.size = size
    self.modified = modified
    self.inode = inode
  }
}
