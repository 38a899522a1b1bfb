import CalendarPaging
import Calendars
import DisplayText
import Glibc

/// The user's configuration file, `$XDG_CONFIG_HOME/calpager/config` (else
/// `~/.config/calpager/config`): what must not live in the database.
///
/// A database can come from elsewhere (a backup, a shared file), so it must never carry a
/// command that runs: `sync-command` is read from here only. The file holds `key = value`
/// lines; blank lines and lines starting with `#` are skipped. The user's calendars are named
/// here too (`calendar.NAME = PATH`: a vdir or one `.ics` file, `~` for the home folder): a
/// path to read belongs with the machine, not with a database that may travel.
///
/// ```
/// # run by `calpager sync` before and after it merges
/// sync-command = vdirsyncer sync notes
/// calendar.work = ~/.local/share/vdirsyncer/work
/// calendar.work.color = blue
/// calendar.holidays = ~/calendars/holidays.ics
/// calendar.holidays.hidden = true
/// ```
struct UserConfig: Equatable {
  /// The command `sync` runs with `sh -c` before and after its merge; nil when not set.
  var syncCommand: String?
  /// The calendars, in the order written, paths absolute.
  var calendars: [CalendarSource] = []
  /// How pages show each calendar that `calendar.NAME.color` or `calendar.NAME.hidden`
  /// names (the sync folder's `notes` too), by name.
  var calendarLooks: [String: CalendarLook] = [:]

  /// How pages show a calendar.
  struct CalendarLook: Equatable {
    /// `calendar.NAME.color`: an SGR sequence; nil for the default look.
    var color: String?
    /// `calendar.NAME.hidden = true`: read, but shown on no page.
    var isHidden = false
  }

  /// The keys the file may hold.
  static let keys = [
    "sync-command", "calendar.NAME", "calendar.NAME.color", "calendar.NAME.hidden",
  ]

  /// The file's path: `$XDG_CONFIG_HOME/calpager/config`, else `$HOME/.config/calpager/config`;
  /// nil when neither variable is set to an absolute path.
  static func path(environment: [String: String]) -> String? {
    XDGDirectory.config.path(of: "/calpager/config", environment: environment)
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
    let known = fstat(descriptor, &status) == 0
    if known, status.st_mode & S_IFMT == S_IFDIR {
      throw .badConfig(path: path, line: nil, problem: "it is a directory, not a file")
    }
    let text: String
    do {
      // Read in one call of its size: a page reads the file each time.
      text = try TextInput.readAll(
        descriptor, sizeHint: known ? Int(status.st_size) + 1 : 1 << 16)
    } catch {
      throw .badConfig(path: path, line: nil, problem: "it is not readable UTF-8 text")
    }
    return try parse(text, path: path, home: environment["HOME"])
  }

  /// Reads the text of a configuration file found at `path`; `home` expands a leading `~`.
  static func parse(_ text: String, path: String, home: String? = nil) throws(CLIError)
    -> UserConfig
  {
    var config = UserConfig()
    // A key given twice is an error, not "the last one wins": one of the two lines is a
    // mistake, and which the user meant is theirs to say.
    var lineOfKey: [String: Int] = [:]
    // Lines and the `=` are found in the UTF-8 bytes: read a character at a time, the file
    // would cost every command that shows a page more than its three lines are worth.
    for (index, rawLine) in text.utf8.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    ).enumerated() {
      let bytes = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
      let line = String(Substring(bytes)).trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")) else {
        throw .badConfig(
          path: path, line: index + 1, problem: "expected 'key = value', got \(Quote.quoted(line))")
      }
      let key = String(line[..<equals]).trimmingSpaces
      let value = String(String(line[line.utf8.index(after: equals)...]).trimmingSpaces)
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
      case _
      where key.hasPrefix("calendar.") && (key.hasSuffix(".color") || key.hasSuffix(".hidden")):
        try config.readLook(key: String(key), value: String(value)) { problem throws(CLIError) in
          throw .badConfig(path: path, line: index + 1, problem: problem)
        }
      case _ where key.hasPrefix("calendar."):
        let calendar = try Self.calendar(
          name: String(key.dropFirst("calendar.".count)), path: value, home: home,
          known: config.calendars
        ) { problem throws(CLIError) in
          throw .badConfig(path: path, line: index + 1, problem: problem)
        }
        config.calendars.append(calendar)
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

extension UserConfig {
  /// The calendar a `calendar.NAME = PATH` line names; `fail` is called with the problem
  /// when the name or path cannot be used.
  fileprivate static func calendar(
    name: String, path: String, home: String?, known: [CalendarSource],
    fail: (String) throws(CLIError) -> Never
  ) throws(CLIError) -> CalendarSource {
    guard CalendarSource.isValidName(name) else {
      try fail(
        "\(Quote.quoted("calendar." + name)) is not a calendar name: expected letters, digits, "
          + "'-' and '_' after 'calendar.'")
    }
    guard name != CalendarSource.syncFolderName else {
      try fail(
        "the calendar name 'notes' is the sync folder's (the setting sync-dir): choose another")
    }
    guard !known.contains(where: { $0.name == name }) else {
      try fail("the calendar \(Quote.quoted(name)) is named twice")
    }
    guard !path.isEmpty else { try fail("the path of calendar \(Quote.quoted(name)) is empty") }
    guard let expanded = CalendarSource.expandingTilde(path, home: home) else {
      try fail("the path \(Quote.path(path)) starts with '~' but HOME is not set")
    }
    guard expanded.hasPrefix("/") else {
      try fail(
        "the path \(Quote.path(path)) of calendar \(Quote.quoted(name)) is relative: give it "
          + "from / or ~")
    }
    return CalendarSource(name: name, path: expanded)
  }
}

extension UserConfig {
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

  /// Reads a `calendar.NAME.color` or `calendar.NAME.hidden` line; `fail` is called with the
  /// problem when it cannot be used.
  fileprivate mutating func readLook(
    key: String, value: String, fail: (String) throws(CLIError) -> Never
  ) throws(CLIError) {
    let isColor = key.hasSuffix(".color")
    let name = String(key.dropFirst("calendar.".count).dropLast(isColor ? 6 : 7))
    guard CalendarSource.isValidName(name) else {
      try fail(
        "\(Quote.quoted(key)) names no calendar: expected letters, digits, '-' and '_' after "
          + "'calendar.'")
    }
    var look = calendarLooks[name] ?? CalendarLook()
    if isColor {
      guard let sequence = Self.colorSequence(value) else {
        try fail(
          "\(Quote.quoted(value)) is not a colour: give a name (red, blue, bright-cyan…) or "
            + "#RRGGBB")
      }
      look.color = sequence
    } else {
      guard value == "true" || value == "false" else {
        try fail("\(Quote.quoted(key)) takes true or false, got \(Quote.quoted(value))")
      }
      look.isHidden = value == "true"
    }
    calendarLooks[name] = look
  }
}
