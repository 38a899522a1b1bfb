internal import CSQLite
import Glibc

/// What the database file's header says, read beside SQLite: what tells another file made
/// from a snapshot of this one that the snapshot is still the file's state.
extension Database {
  /// The change counter of the main file (the header's bytes 24–27), which SQLite increments
  /// with every commit that writes, in rollback-journal mode: as this connection's read
  /// transaction sees it.
  ///
  /// Call it inside a read transaction, after a statement ran in it: its shared lock then
  /// keeps every writer off the file. nil when the file cannot be read so.
  ///
  /// Read through SQLite's own file handle (`SQLITE_FCNTL_FILE_POINTER`): a descriptor of our
  /// own on the file, closed, would release the locks SQLite holds on it (POSIX locks are the
  /// process's).
  package func fileChangeCounter() -> Int? {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(rawHandle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
      let file, let read = file.pointee.pMethods?.pointee.xRead
    else { return nil }
    var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let code = withUnsafeMutableBytes(of: &bytes) { read(file, $0.baseAddress, 4, 24) }
    guard code == SQLITE_OK else { return nil }
    return Int(bytes.0) << 24 | Int(bytes.1) << 16 | Int(bytes.2) << 8 | Int(bytes.3)
  }

  /// Whether the connection's file was renamed or unlinked since it was opened: its path
  /// then names another file.
  package var fileHasMoved: Bool {
    var moved: Int32 = 0
    guard sqlite3_file_control(rawHandle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK
    else { return true }
    return moved != 0
  }

  /// The header of the SQLite file at `path`, read without SQLite (no lock, no schema): its
  /// device and inode, change counter and user version; nil when it is no SQLite file.
  ///
  /// Never call it for a file this process has a connection to (see `fileChangeCounter`).
  package static func fileHeader(at path: String) -> (
    device: Int, inode: Int, changeCounter: Int, userVersion: Int
  )? {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var info = stat()
    var header = [UInt8](repeating: 0, count: 100)
    guard fstat(file, &info) == 0,
      header.withUnsafeMutableBytes({ pread(file, $0.baseAddress, 100, 0) }) == 100,
      header[0..<16].elementsEqual("SQLite format 3\0".utf8)
    else { return nil }
    func number(at offset: Int) -> Int {
      header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (
      Int(bitPattern: UInt(info.st_dev)), Int(bitPattern: UInt(info.st_ino)),
      number(at: 24), number(at: 60)
    )
  }
}
