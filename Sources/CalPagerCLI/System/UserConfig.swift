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
/// # the user's calendars: a vdir or one .ics file each, shown on the pages
/// calendar.work = ~/.calendars/work
/// calendar.work.color = blue
/// calendar.holidays = ~/holidays.ics
/// calendar.holidays.hidden = true
/// ```
struct UserConfig: Equatable {
  /// The command `sync` runs with `sh -c` before and after its merge; nil when not set.
  var syncCommand: String?
  /// The calendars, in the order the file names them.
  var calendars: [Calendar] = []

  /// A calendar of the file: `calendar.NAME = PATH` and its `.color` and `.hidden` lines.
  struct Calendar: Equatable {
    /// `NAME`.
    var name: String
    /// `PATH` as written (`~` is expanded by whoever opens it); nil when only its colour or
    /// `hidden` was given (the sync folder's `notes`).
    var path: String?
    /// `calendar.NAME.color`: an SGR sequence; nil for the default look.
    var color: String?
    /// `calendar.NAME.hidden = true`: read, but shown on no page.
    var isHidden = false
  }

  /// The keys the file may hold.
  static let keys = [
    "sync-command", "calendar.NAME", "calendar.NAME.color", "calendar.NAME.hidden",
  ]

  /// The colours `calendar.NAME.color` takes, by name, as SGR sequences.
  static let colors: [(name: String, sequence: String)] = [
    ("black", "\u{1B}[30m"), ("red", "\u{1B}[31m"), ("green", "\u{1B}[32m"),
    ("yellow", "\u{1B}[33m"), ("blue", "\u{1B}[34m"), ("magenta", "\u{1B}[35m"),
    ("cyan", "\u{1B}[36m"), ("white", "\u{1B}[37m"), ("bright-black", "\u{1B}[90m"),
    ("bright-red", "\u{1B}[91m"), ("bright-green", "\u{1B}[92m"),
    ("bright-yellow", "\u{1B}[93m"), ("bright-blue", "\u{1B}[94m"),
    ("bright-magenta", "\u{1B}[95m"), ("bright-cyan", "\u{1B}[96m"),
    ("bright-white", "\u{1B}[97m"),
  ]

  /// The SGR sequence of a colour name, or of `#RRGGBB` (24-bit colour); nil for anything
  /// else.
  static func colorSequence(_ value: String) -> String? {
    if let named = colors.first(where: { $0.name == value.lowercased() }) {
      return named.sequence
    }
    let hex = Array(value.utf8)
    guard hex.count == 7, hex[0] == UInt8(ascii: "#") else { return nil }
    var components: [Int] = []
    for index in stride(from: 1, to: 7, by: 2) {
      guard let byte = Int(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16)
      else { return nil }
      components.append(byte)
    }
    return "\u{1B}[38;2;\(components[0]);\(components[1]);\(components[2])m"
  }

  /// The calendar `name`, made when first named.
  private mutating func calendar(_ name: String, _ change: (inout Calendar) -> Void) {
    if let index = calendars.firstIndex(where: { $0.name == name }) {
      change(&calendars[index])
    } else {
      var calendar = Calendar(name: name)
      change(&calendar)
      calendars.append(calendar)
    }
  }

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
      func bad(_ problem: String) -> CLIError {
        .badConfig(path: path, line: index + 1, problem: problem)
      }
      switch key {
      case "sync-command":
        config.syncCommand = value.isEmpty ? nil : value
      case _ where key.hasPrefix("calendar."):
        var name = String(key.dropFirst("calendar.".count))
        var attribute: String?
        for suffix in [".color", ".hidden"] where name.hasSuffix(suffix) {
          name.removeLast(suffix.count)
          attribute = String(suffix.dropFirst())
        }
        guard !name.isEmpty, !name.contains("."), !name.contains(where: \.isWhitespace) else {
          throw bad("\(Quote.quoted(key)) names no calendar: write calendar.NAME = PATH")
        }
        switch attribute {
        case "color":
          guard let sequence = colorSequence(value) else {
            throw bad(
              "\(Quote.quoted(value)) is not a colour: give a name (red, blue, bright-cyan…) "
                + "or #RRGGBB")
          }
          config.calendar(name) { $0.color = sequence }
        case "hidden":
          guard value == "true" || value == "false" else {
            throw bad("\(Quote.quoted(key)) takes true or false, got \(Quote.quoted(value))")
          }
          config.calendar(name) { $0.isHidden = value == "true" }
        default:
          guard !value.isEmpty else { throw bad("\(Quote.quoted(key)) needs a path") }
          config.calendar(name) { $0.path = value }
        }
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
