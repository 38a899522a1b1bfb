/// What `stat` says about an item file: a file whose four values are those recorded is
/// taken as unchanged and not read (as vdirsyncer's own etags do).
///
/// The status change time is among them because no program can set it back: a rewrite in
/// place that keeps the size, the modification time and the inode (`rsync -t --inplace`, a
/// file system with coarse timestamps) still changes it.
public struct FileStat: Sendable, Hashable {
  /// The size in bytes.
  public var size: Int
  /// The modification time, in nanoseconds since 1970-01-01T00:00:00Z.
  public var modified: Int
  /// The inode number (its bits, as a signed integer).
  public var inode: Int
  /// The status change time (`st_ctime`), in nanoseconds since 1970-01-01T00:00:00Z.
  public var changed: Int

  /// A stat of these values.
  public init(size: Int, modified: Int, inode: Int, changed: Int = 0) {
    self.size = size
    self.modified = modified
    self.inode = inode
    self.changed = changed
  }
}
