import Glibc
import Recurrence

/// The tz database's files, for `ZoneResolver`.
///
/// The one piece of zone code that does I/O, so Recurrence stays pure. Read with plain
/// `open`/`read`, which work in the fully static build.
public enum ZoneFiles {
  /// The largest file read: TZif files are a few kilobytes (the largest in the tz database
  /// about 4 KiB with its 64-bit block); anything far bigger is not one.
  static let sizeLimit = 1 << 20

  /// The bytes of the regular file at `path`; nil when it is missing, unreadable, not a
  /// regular file (a folder of the database) or over `sizeLimit`.
  @Sendable public static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size <= sizeLimit
    else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
      guard bytes.count <= sizeLimit else { return nil }
    }
  }

  /// The user's zone: `$TZ` as glibc reads it, else `/etc/localtime`, else UTC.
  public static func userZone() -> any ZoneRules {
    ZoneResolver.userZone(tz: getenv("TZ").map { String(cString: $0) }, readFile: read)
  }

  /// A resolver reading the system's tz database.
  public static func resolver() -> ZoneResolver { ZoneResolver(readFile: read) }
}
