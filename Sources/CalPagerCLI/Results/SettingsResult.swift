import Interchange

/// What `config` prints: every setting (`list`), one value (`get`, bare for scripts) or
/// `key = value` (`set`, `unset`); with `--json`, one object of keys and values.
struct SettingsResult: TextOrJSONResult {
  /// One setting and its value.
  struct Entry {
    /// The setting's name.
    let name: String
    /// Its value, canonical.
    let value: String
    /// Whether it is the default, unset (shown by `list`).
    var isDefault = false

    /// A menu setting and its value.
    init(key: SettingKey, value: String, isDefault: Bool = false) {
      self.init(name: key.rawValue, value: value, isDefault: isDefault)
    }

    /// A setting and its value.
    init(name: String, value: String, isDefault: Bool = false) {
      self.name = name
      self.value = value
      self.isDefault = isDefault
    }
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

  func writeJSON(to json: inout JSONWriter) {
    for entry in settings { json.field(entry.name, entry.value) }
  }

  func renderText(to output: Output, style: Style) {
    switch form {
    case .bare:
      for entry in settings { output.line(entry.value) }
    case .assignment:
      for entry in settings { output.line("\(entry.name) = \(entry.value)") }
    case .list:
      let width = settings.map(\.name.utf8.count).max() ?? 0
      for entry in settings {
        let name = entry.name
        let padded = name + String(repeating: " ", count: width - name.utf8.count)
        output.line(
          "\(padded)  \(entry.value)" + (entry.isDefault ? style.paint("  (default)", SGR.dim) : "")
        )
      }
    }
  }
}
