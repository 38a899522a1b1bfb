extension NoteStore {
  /// Every stored setting, by key.
  public func settings() throws -> [String: String] {
    var settings: [String: String] = [:]
    try database.prepare("SELECT key, value FROM settings").forEachRow { row in
      settings[row.string(at: 0)] = row.string(at: 1)
    }
    return settings
  }

  /// The stored value of `key`, or nil when it is not set.
  public func setting(_ key: String) throws -> String? {
    try database.scalarString("SELECT value FROM settings WHERE key = ?", [.text(key)])
  }

  /// Stores `value` for `key`.
  public func setSetting(_ key: String, to value: String) throws {
    try write { database in
      try database.execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(key), .text(value)])
    }
  }

  /// Removes `key`; returns whether it was set.
  @discardableResult
  public func removeSetting(_ key: String) throws -> Bool {
    try write { database in
      try database.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
      return database.changes > 0
    }
  }
}
