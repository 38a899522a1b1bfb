import Glibc

/// The setting of `calpager sync` kept in the database: `sync-dir`, the vdir it syncs with
/// when given none. (Its command is never kept there: see `UserConfig`.)
enum SyncSettings {
  /// The key of the vdir's path.
  static let directory = "sync-dir"
  /// The key of the command, refused by `config` (it lives in the user's configuration file).
  static let command = "sync-command"

  /// `path` made absolute (against the working directory), so that `sync` finds the same
  /// directory from anywhere (a cron job, say).
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
    defer { free(directory) }
    let base = String(cString: directory)
    return (base == "/" ? "" : base) + "/" + (path == "." ? "" : path)
  }
}
