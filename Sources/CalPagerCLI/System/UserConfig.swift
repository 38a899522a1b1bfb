import CalendarPaging
import DisplayText
import Glibc

/// The user's configuration file, `$XDG_CONFIG_HOME/calpager/config` (else
/// `~/.config/calpager/config`): what must not live in the database.
///
/// A database can come from elsewhere (a backup, a shared file), so it must never carry a
/// command that runs: `sync-command` is read from here only. The file holds `key = value`
/// lines; blank lines and lines starting with `#` are skipped.
///
/// ```
/// # run by `calpager sync` before and after it merges
/// sync-command = vdirsyncer sync notes
/// ```
struct UserConfig: Equatable {
  /// The command `sync` runs with `sh -c` before and after its merge; nil when not set.
  var syncCommand: String?

  /// The keys the file may hold.
  static let keys = ["sync-command"]

  /// The file's path: `$XDG_CONFIG_HOME/calpager/config`, else `$HOME/.config/calpager/config`;
  /// nil when neither variable is set to an absolute path.
  static func path(environment: [String: String]) -> String? {
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
      return base + "/calpager/config"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.config/calpager/config"
    }
    return nil
  }

  /// Reads the file; an empty configuration when there is none.
  ///
  /// - Throws: `CLIError.badConfig` naming the file and line of what is wrong.
  static func load(environment: [String: String]) throws(CLIError) -> UserConfig {
    guard let path = path(environment: environment) else { return UserConfig() }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return UserConfig() }
      throw .badConfig(path: path, line: nil, problem: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw .badConfig(path: path, line: nil, problem: "it is a directory, not a file")
    }
    let text: String
    do {
      text = try TextInput.readAll(descriptor)
    } catch {
      throw .badConfig(path: path, line: nil, problem: "it is not readable UTF-8 text")
    }
    return try parse(text, path: path)
  }

  /// Reads the text of a configuration file found at `path`.
  static func parse(_ text: String, path: String) throws(CLIError) -> UserConfig {
    var config = UserConfig()
    // A key given twice is an error, not "the last one wins": one of the two lines is a
    // mistake, and which the user meant is theirs to say.
    var lineOfKey: [String: Int] = [:]
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = String(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine).trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw .badConfig(
          path: path, line: index + 1, problem: "expected 'key = value', got \(Quote.quoted(line))")
      }
      let key = String(line[..<equals]).trimmingSpaces
      let value = String(String(line[line.index(after: equals)...]).trimmingSpaces)
      if let first = lineOfKey[String(key)], keys.contains(String(key)) {
        throw .badConfig(
          path: path, line: index + 1,
          problem: "\(Quote.quoted(key)) is set twice, on lines \(first) and \(index + 1); "
            + "keep one")
      }
      lineOfKey[String(key)] = index + 1
      switch key {
      case "sync-command":
        config.syncCommand = value.isEmpty ? nil : value
      default:
        throw .badConfig(
          path: path, line: index + 1,
          problem: "unknown key \(Quote.quoted(key)): the file holds "
            + keys.joined(separator: ", "))
      }
    }
    return config
  }
}
