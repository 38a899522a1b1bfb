extension NoteStore {
  /// Every stored setting, by key.
  ///
  /// The store keeps settings as text; what the keys and values mean is the command line's
  /// business (`calpager config` validates a value before it is stored).
  public func settings() throws -> [String: String] {
    var settings: [String: String] = [:]
    try mappingErrors {
      try database.prepare("SELECT key, value FROM settings").forEachRow { row in
        settings[row.string(at: 0)] = row.string(at: 1)
      }
    }
    return settings
  }

  /// Stores `value` for the setting `key`, replacing any value it had.
  public func setSetting(_ key: String, to value: String) throws {
    try writing { database in
      try database.execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(key), .text(value)])
    }
  }

  /// Removes the setting `key`, so its default applies; returns whether it was set.
  @discardableResult
  public func removeSetting(_ key: String) throws -> Bool {
    try writing { database in
      try database.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
      return database.changes > 0
    }
  }
}
