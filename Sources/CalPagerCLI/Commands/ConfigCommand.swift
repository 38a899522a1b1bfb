import CalendarPaging
import CommandLanguage
import DisplayText
import NoteStore

/// `config list|get KEY|set KEY VALUE|unset KEY`: show or change the settings.
struct ConfigCommand: CalPagerCommand {
  /// `<key>`: a setting's name, after the action word.
  static let key = ArgumentKey<String>(
    label: "<key>", help: "A setting's name, as 'config list' shows it.", kind: .settingKey
  ) { (arguments, slot) throws(UsageError) in try arguments.word(at: slot) }
  /// `<value>`: the setting's new value, after `set` and the key.
  static let value = ArgumentKey<String>(label: "<value>", help: "The setting's new value.") {
    (arguments, slot) throws(UsageError) in try arguments.word(at: slot)
  }

  static let spec = CommandSpec(
    name: "config",
    abstract: "Show or change the settings.",
    discussion: """
      The settings are the menu's options (item widths, spacing, insets, alignment, where \
      the selected day sits, the indicator and border, the menu at the top or bottom), the \
      day weeks start on, what pages show by, sync-dir, the folder 'calpager sync' uses \
      when given none, and undo-depth, how many actions 'undo' can take back. 'config list' shows each setting with its value, 'config set' checks a \
      value and keeps it in its canonical form (FIXED:8 is kept as fixed:8), and 'config \
      unset' restores a setting's default. SETTINGS below lists every setting, the values it \
      takes and its default. The sync command is not a setting: a database must never carry \
      a command that runs, so it lives in $XDG_CONFIG_HOME/calpager/config.

      Examples:
        calpager config list
        calpager config get first-weekday
        calpager config set page-by week
        calpager config set menu-item-size fixed:10
        calpager config unset page-by
      """,
    usage: [
      "calpager config list",
      "calpager config get <key>",
      "calpager config set <key> <value>",
      "calpager config unset <key>",
    ],
    arguments: [key.declaration, value.declaration],
    sections: [settingsSection]
  )

  /// Help's `SETTINGS:` block: every setting, the values it takes and its default.
  private static var settingsSection: CommandSpec.Section {
    var entries: [(label: String, help: String)] = []
    for key in SettingKey.allCases {
      let help: String =
        key.summary + ": " + key.acceptedValues + ". (default: " + key.defaultValue + ")"
      entries.append((label: key.rawValue, help: help))
    }
    entries.append(
      (
        label: SyncSettings.directory,
        help: "The folder 'calpager sync' uses when given none: a path, kept absolute. "
          + "(default: none)"
      ))
    entries.append((label: HistorySettings.depth, help: HistorySettings.help))
    return CommandSpec.Section(title: "SETTINGS", entries: entries)
  }

  /// What `config` does.
  enum Action: Hashable, Sendable {
    /// Print every setting.
    case list
    /// Print one setting.
    case get(key: String)
    /// Change one setting (the value is checked when it runs).
    case set(key: String, value: String)
    /// Reset one setting to its default.
    case unset(key: String)
  }

  /// The words `config` takes first.
  static let actions = ["list", "get", "set", "unset"]

  /// What to do.
  let action: Action

  func run(in context: CommandContext) throws -> SettingsResult {
    let session = try context.session
    let store = session.store
    if let result = try runSyncSetting(session: session, environment: context.environment) {
      return result
    }
    switch action {
    case .list:
      let stored = try store.settings()
      let options = MenuOptions(settings: stored)
      let directory = stored[SyncSettings.directory]
      return SettingsResult(
        settings: SettingKey.allCases.map { key in
          SettingsResult.Entry(
            key: key, value: options.value(for: key), isDefault: stored[key.rawValue] == nil)
        }
          + [
            SettingsResult.Entry(
              name: SyncSettings.directory, value: directory ?? "", isDefault: directory == nil),
            SettingsResult.Entry(
              name: HistorySettings.depth,
              value: stored[HistorySettings.depth] ?? "\(NoteStore.defaultUndoDepth)",
              isDefault: stored[HistorySettings.depth] == nil),
          ]
          // The calendars of the config file (read, so a bad line is named here too).
          + (try UserConfig.load(environment: context.environment).calendars.map {
            SettingsResult.Entry(name: "calendar." + $0.name, value: $0.path, isDefault: false)
          }), form: .list)
    case .get(let name):
      let key = try SettingKey(parsing: name)
      let value = MenuOptions(settings: try store.settings()).value(for: key)
      return SettingsResult(settings: [.init(key: key, value: value)], form: .bare)
    case .set(let name, let value):
      let key = try SettingKey(parsing: name)
      let canonical = try MenuOptions.canonicalValue(value, for: key)
      try store.setSetting(key.rawValue, to: canonical)
      return SettingsResult(settings: [.init(key: key, value: canonical)], form: .assignment)
    case .unset(let name):
      let key = try SettingKey(parsing: name)
      try store.removeSetting(key.rawValue)
      return SettingsResult(
        settings: [.init(key: key, value: key.defaultValue)], form: .assignment)
    }
  }
}

extension ConfigCommand {
  /// `get`, `set` and `unset` of `sync-dir` (a path, kept absolute), and the refusal of
  /// `sync-command`; nil for the menu settings.
  private func runSyncSetting(session: Session, environment: [String: String]) throws
    -> SettingsResult?
  {
    let name: String
    switch action {
    case .list: return nil
    case .get(let key), .set(let key, _), .unset(let key): name = key
    }
    if name == SyncSettings.command {
      throw CLIError.commandNotInDatabase(configPath: UserConfig.path(environment: environment))
    }
    if name == HistorySettings.depth { return try runHistorySetting(store: session.store) }
    guard name == SyncSettings.directory else { return nil }
    switch action {
    case .get:
      let value = try session.store.settings()[name] ?? ""
      return SettingsResult(settings: [.init(name: name, value: value)], form: .bare)
    case .set(_, let value):
      guard !value.isEmpty else {
        throw Self.spec.failure("the value of sync-dir is empty: give a directory")
      }
      let path = SyncSettings.absolute(value)
      try session.store.setSetting(name, to: path)
      return SettingsResult(settings: [.init(name: name, value: path)], form: .assignment)
    case .unset:
      try session.store.removeSetting(name)
      return SettingsResult(settings: [.init(name: name, value: "")], form: .assignment)
    case .list:
      return nil
    }
  }

  /// `get`, `set` and `unset` of `undo-depth`, a whole number checked as the menu settings
  /// are (kept canonical: `0100` is kept as `100`).
  private func runHistorySetting(store: NoteStore) throws -> SettingsResult {
    let name = HistorySettings.depth
    switch action {
    case .get, .list:
      let value = try store.settings()[name] ?? "\(NoteStore.defaultUndoDepth)"
      return SettingsResult(settings: [.init(name: name, value: value)], form: .bare)
    case .set(_, let value):
      guard let depth = NoteStore.undoDepth(parsing: value) else {
        throw Self.spec.failure(
          "Invalid \(name) \(Quote.quoted(value)): expected \(HistorySettings.acceptedValues)")
      }
      try store.setSetting(name, to: "\(depth)")
      return SettingsResult(settings: [.init(name: name, value: "\(depth)")], form: .assignment)
    case .unset:
      try store.removeSetting(name)
      return SettingsResult(
        settings: [.init(name: name, value: "\(NoteStore.defaultUndoDepth)")], form: .assignment)
    }
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let action = arguments.words.first else {
      throw arguments.failure(
        "missing config action: expected list, get <key>, set <key> <value> or unset <key>")
    }
    // The declared arguments come after the action word.
    switch action {
    case "list":
      try arguments.expectAtMost(1)
      self.action = .list
    case "get":
      try arguments.expectAtMost(2)
      self.action = .get(key: try arguments.read(Self.key, after: 1))
    case "set":
      try arguments.expectAtMost(3)
      self.action = .set(
        key: try arguments.read(Self.key, after: 1),
        value: try arguments.read(Self.value, after: 1))
    case "unset":
      try arguments.expectAtMost(2)
      self.action = .unset(key: try arguments.read(Self.key, after: 1))
    default:
      let suggestion = Suggestion.phrase(for: action, among: Self.actions)
      throw arguments.failure(
        "unknown config action \(Quote.quoted(action))"
          + (suggestion.isEmpty ? ": expected list, get, set or unset" : suggestion))
    }
  }
}
