import Interchange

/// What `config` prints: every setting (`list`), one value (`get`, bare for scripts) or
/// `key = value` (`set`, `unset`); with `--json`, one object of keys and values.
struct SettingsResult: CommandResult {
  /// One setting and its value.
  struct Entry {
    /// The setting.
    let key: SettingKey
    /// Its value, canonical.
    let value: String
    /// Whether it is the default, unset (shown by `list`).
    var isDefault = false
  }

  /// How the text form looks.
  enum Form {
    /// Aligned `key  value` lines, defaults marked.
    case list
    /// The value alone.
    case bare
    /// `key = value`.
    case assignment
  }

  /// The settings shown.
  let settings: [Entry]
  /// How the text form looks.
  let form: Form

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        for entry in settings { json.field(entry.key.rawValue, entry.value) }
      }
      return
    }
    switch form {
    case .bare:
      for entry in settings { output.line(entry.value) }
    case .assignment:
      for entry in settings { output.line("\(entry.key.rawValue) = \(entry.value)") }
    case .list:
      let width = settings.map(\.key.rawValue.utf8.count).max() ?? 0
      for entry in settings {
        let name = entry.key.rawValue
        let padded = name + String(repeating: " ", count: width - name.utf8.count)
        output.line(
          "\(padded)  \(entry.value)" + (entry.isDefault ? style.paint("  (default)", SGR.dim) : "")
        )
      }
    }
  }
}
