import DisplayText
import Glibc

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
  /// An empty `--db` or `$CALPAGER_DB` counts as not given here (the command line refuses
  /// both first).
  ///
  /// - Parameters:
  ///   - explicitPath: The `--db` option, if given.
  ///   - environment: The process environment.
  /// - Returns: The path, and whether its directories may be created.
  /// - Throws: `StoreError.noDataDirectory` when the default location is wanted but neither
  ///   `$XDG_DATA_HOME` nor `$HOME` is an absolute path: a database in whatever the current
  ///   directory happens to be would be lost to the next run.
  public static func resolve(explicitPath: String?, environment: [String: String])
    throws(StoreError) -> StoreLocation
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
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      dataHome = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share"
    } else {
      throw .noDataDirectory(home: environment["HOME"])
    }
    return StoreLocation(path: dataHome + "/calpager/calpager.db", createsParentDirectories: true)
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

  /// Creates the database file, empty and private (0600), when it does not exist.
  ///
  /// SQLite would create it readable by every user of the machine (0644 under the usual
  /// umask). SQLite takes an empty file for a new database, and gives its journal files
  /// the database's mode. An existing file is left as it is, mode included.
  ///
  /// A failure is left for SQLite to report when it opens the path.
  public func createPrivateFileIfMissing() {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }

  private static func makeDirectories(_ directory: String, reportingFor path: String)
    throws(StoreError)
  {
    var prefix = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      prefix += "/" + component
      // Private, as the notes are: 0700 (the umask may narrow it further).
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        let reason = String(cString: strerror(errno))
        throw .readOnly(
          path: path, detail: FileFailure.message("create directory", prefix, reason))
      }
    }
  }
}
