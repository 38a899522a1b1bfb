import CalendarPaging
import Interchange
import NoteStore

extension Session {
  /// `config list|get|set|unset`.
  func config(_ action: ConfigAction, style: Style) throws {
    switch action {
    case .list:
      let options = try store.menuOptions()
      let stored = try store.settings()
      if style.json {
        output.append { buffer in
          for (index, key) in SettingKey.allCases.enumerated() {
            buffer.append(UInt8(ascii: index == 0 ? "{" : ","))
            JSON.appendString(key.rawValue, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            JSON.appendString(options.value(for: key), into: &buffer)
          }
          buffer.append(contentsOf: "}\n".utf8)
        }
        return
      }
      let width = SettingKey.allCases.map(\.rawValue.utf8.count).max() ?? 0
      for key in SettingKey.allCases {
        let name = key.rawValue + String(repeating: " ", count: width - key.rawValue.utf8.count)
        let value = options.value(for: key)
        output.line(
          "\(name)  \(value)"
            + (stored[key.rawValue] == nil ? style.paint("  (default)", SGR.dim) : ""))
      }
    case .get(let name):
      let key = try SettingKey(parsing: name)
      printSetting(key, value: try store.menuOptions().value(for: key), style: style, bare: true)
    case .set(let name, let value):
      try saveSelection()
      let stored = try store.setSetting(name, to: value)
      settingsChanged()
      printSetting(try SettingKey(parsing: name), value: stored, style: style)
    case .unset(let name):
      try saveSelection()
      try store.removeSetting(name)
      settingsChanged()
      let key = try SettingKey(parsing: name)
      printSetting(key, value: key.defaultValue, style: style)
    }
  }

  /// Prints a setting: `{"key":"value"}`, the bare value (`get`, for scripts), or
  /// `key = value`.
  private func printSetting(_ key: SettingKey, value: String, style: Style, bare: Bool = false) {
    if style.json {
      output.append { buffer in
        buffer.append(UInt8(ascii: "{"))
        JSON.appendString(key.rawValue, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        JSON.appendString(value, into: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
      }
    } else {
      output.line(bare ? value : "\(key.rawValue) = \(value)")
    }
  }

  /// `check`: integrity, search index, schema version and counts; exit 1 on a problem.
  func check(style: Style) throws {
    let report = try store.check()
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"ok":"#.utf8)
        buffer.append(contentsOf: (report.isHealthy ? "true" : "false").utf8)
        buffer.append(contentsOf: #","integrity":"#.utf8)
        JSON.appendString(report.integrity.joined(separator: "\n"), into: &buffer)
        buffer.append(contentsOf: #","searchIndex":"#.utf8)
        buffer.append(contentsOf: (report.searchIndexMatches ? "true" : "false").utf8)
        buffer.append(contentsOf: #","schema":["#.utf8)
        for (index, name) in report.migrations.enumerated() {
          if index > 0 { buffer.append(UInt8(ascii: ",")) }
          JSON.appendString(name, into: &buffer)
        }
        buffer.append(contentsOf: #"],"notes":"#.utf8)
        JSON.appendInt(report.noteCount, into: &buffer)
        buffer.append(contentsOf: #","days":"#.utf8)
        JSON.appendInt(report.dayCount, into: &buffer)
        buffer.append(contentsOf: #","undo":"#.utf8)
        JSON.appendInt(report.undoDepth, into: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
      }
    } else {
      let integrity = report.integrity == ["ok"] ? "ok" : report.integrity.joined(separator: "; ")
      output.line("integrity:    \(integrity)")
      output.line(
        "search index: \(report.searchIndexMatches ? "ok" : "out of step with the notes")")
      let schema =
        report.migrations == report.knownMigrations
        ? "up to date (\(report.migrations.last ?? "none"))"
        : "\(report.migrations.joined(separator: ", ")); this calpager knows "
          + report.knownMigrations.joined(separator: ", ")
      output.line("schema:       \(schema)")
      var notes = "\(countText(report.noteCount, "note")) on \(countText(report.dayCount, "day"))"
      if let span = report.span { notes += ", \(span.lowerBound) to \(span.upperBound)" }
      output.line("notes:        \(notes)")
      output.line("undo:         \(countText(report.undoDepth, "step"))")
    }
    guard report.isHealthy else {
      throw CommandError(
        "the database has problems (see above); restore a backup or export what reads")
    }
  }

  /// `backup FILE`: a consistent copy, written atomically.
  func backup(to path: String, style: Style) throws {
    try saveSelection()
    // The copy's own count: other processes may have added notes since it was made.
    let count = try store.backup(to: path)
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"backup":"#.utf8)
        JSON.appendString(path, into: &buffer)
        buffer.append(contentsOf: #","notes":"#.utf8)
        JSON.appendInt(count, into: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
      }
    } else {
      output.line("Backed up \(countText(count, "note")) to \(TerminalText.singleLine(path))")
    }
  }
}
