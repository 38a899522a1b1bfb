#if canImport(Glibc)
  import Glibc
#endif

/// Where the database lives, and the checks made before SQLite opens it, so each failure gets
/// a clear line instead of SQLite's generic "unable to open database file".
public struct StoreLocation: Sendable, Equatable {
  /// The database file's path.
  public let path: String
  /// Whether missing parent directories are created (only for the default path: a path the
  /// user typed with a missing directory is more likely a typo than a wish).
  public let createsParentDirectories: Bool

  /// Creates a location.
  public init(path: String, createsParentDirectories: Bool) {
    self.path = path
    self.createsParentDirectories = createsParentDirectories
  }

  /// The location DESIGN.md gives: `--db PATH`, else `$CALPAGER_DB`, else
  /// `$XDG_DATA_HOME/calpager/calpager.db`, else `~/.local/share/calpager/calpager.db`.
  ///
  /// - Parameters:
  ///   - explicitPath: The `--db` option, if given.
  ///   - environment: The process environment.
  /// - Returns: The path, and whether its directories may be created.
  public static func resolve(explicitPath: String?, environment: [String: String])
    -> StoreLocation
  {
    if let explicitPath, !explicitPath.isEmpty {
      return StoreLocation(path: explicitPath, createsParentDirectories: false)
    }
    if let path = environment["CALPAGER_DB"], !path.isEmpty {
      return StoreLocation(path: path, createsParentDirectories: false)
    }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      // The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
      dataHome = xdg
    } else {
      let home =
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? StoreLocation.homeFromPasswd()
      dataHome = home + "/.local/share"
    }
    return StoreLocation(path: dataHome + "/calpager/calpager.db", createsParentDirectories: true)
  }

  private static func homeFromPasswd() -> String {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }

  /// The directory part of `path` ("." for a bare file name).
  public var directory: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  /// Checks the path before opening: not a directory, and its directory exists (creating it
  /// when allowed).
  ///
  /// - Throws: `StoreError.isDirectory`, `.missingDirectory` or `.readOnly`.
  public func prepare() throws(StoreError) {
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
      return
    }
    var directoryInfo = stat()
    if stat(directory, &directoryInfo) == 0 {
      if (directoryInfo.st_mode & S_IFMT) != S_IFDIR {
        throw .missingDirectory(path: path, directory: directory)
      }
      return
    }
    guard createsParentDirectories else {
      throw .missingDirectory(path: path, directory: directory)
    }
    try StoreLocation.makeDirectories(directory, reportingFor: path)
  }

  private static func makeDirectories(_ directory: String, reportingFor path: String)
    throws(StoreError)
  {
    var prefix = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        let reason = String(cString: strerror(errno))
        throw .readOnly(path: path, detail: "cannot create directory '\(prefix)': \(reason)")
      }
    }
  }
}
