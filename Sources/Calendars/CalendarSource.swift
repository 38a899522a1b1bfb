import Glibc

/// A calendar the user named: `calendar.NAME = PATH` in the config file, or the sync folder
/// (named `notes`).
public struct CalendarSource: Sendable, Hashable {
  /// The name pages and `calendars` show.
  public let name: String
  /// A folder of `.ics` files (a vdir) or one `.ics` file, absolute.
  public let path: String

  /// The calendar `name` at `path`.
  public init(name: String, path: String) {
    self.name = name
    self.path = path
  }

  /// The sync folder's calendar name.
  public static let syncFolderName = "notes"

  /// `path` with a leading `~` (alone or before `/`) replaced by `home`; nil when it has one
  /// and `home` is unknown.
  public static func expandingTilde(_ path: String, home: String?) -> String? {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    guard let home, home.hasPrefix("/") else { return nil }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
  }

  /// Whether `name` may name a calendar: letters, digits, `-` and `_`, at most 64 of them.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
      }
  }

  /// The index file: `$XDG_CACHE_HOME/calpager/events.db`, else `~/.cache/calpager/events.db`;
  /// nil when neither variable is an absolute path, or `$HOME` is not a folder that exists
  /// (a service's `HOME=/nonexistent`: calpager never makes a home folder).
  public static func cachePath(environment: [String: String]) -> String? {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return base + "/calpager/events.db"
    }
    var status = stat()
    if let home = environment["HOME"], home.hasPrefix("/"), stat(home, &status) == 0,
      status.st_mode & S_IFMT == S_IFDIR
    {
      return home + "/.cache/calpager/events.db"
    }
    return nil
  }
}
