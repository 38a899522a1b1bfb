import CalendarPaging

extension NoteStore {
  /// The menu options: the stored settings over the defaults.
  ///
  /// - Throws: `SettingError` when a stored value is no longer accepted; database errors.
  public func menuOptions() throws -> MenuOptions {
    try MenuOptions(settings: settings())
  }

  /// Every stored setting, by key.
  public func settings() throws -> [String: String] {
    var settings: [String: String] = [:]
    try mappingErrors {
      try database.prepare("SELECT key, value FROM settings").forEachRow { row in
        settings[row.string(at: 0)] = row.string(at: 1)
      }
    }
    return settings
  }

  /// The stored value of `key`, or nil when it is not set.
  public func setting(_ key: String) throws -> String? {
    try mappingErrors {
      try database.scalarString("SELECT value FROM settings WHERE key = ?", [.text(key)])
    }
  }

  /// Validates `value` for the setting `key` and stores it in its canonical form.
  ///
  /// - Returns: The value stored.
  /// - Throws: `SettingError` for an unknown key or a refused value (nothing is stored);
  ///   database errors.
  @discardableResult
  public func setSetting(_ key: String, to value: String) throws -> String {
    let setting = try SettingKey(parsing: key)
    var options = MenuOptions()
    try options.set(setting, to: value)
    let canonical = options.value(for: setting)
    try write { database in
      try database.execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(setting.rawValue), .text(canonical)])
    }
    return canonical
  }

  /// Removes the setting `key`, so its default applies; returns whether it was set.
  ///
  /// - Throws: `SettingError` for an unknown key; database errors.
  @discardableResult
  public func removeSetting(_ key: String) throws -> Bool {
    _ = try SettingKey(parsing: key)
    return try write { database in
      try database.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
      return database.changes > 0
    }
  }
}
