import Calendars
import DisplayText
import Interchange

/// What `calendars` prints: a block per calendar, or with `--json` one object
/// `{"calendars":[…]}`.
struct CalendarsResult: TextOrJSONResult {
  /// The calendars, in the order named.
  let statuses: [CalendarStatus]

  func writeJSON(to json: inout JSONWriter) {
    json.objects("calendars", statuses) { json, status in
      json.field("name", status.source.name)
      json.field("path", status.source.path)
      switch status.state {
      case .read: json.field("read", true)
      case .unusable(let reason):
        json.field("read", false)
        json.field("reason", reason)
      case .sameAs(let other):
        json.field("read", false)
        json.field("sameAs", other)
      }
      json.field("files", status.files)
      json.field("events", status.events)
      json.field("recurring", status.recurring)
      json.objects("unreadable", status.unreadable) { json, file in
        json.field("path", file.path)
        json.field("reason", file.reason)
      }
      let problems = status.problems.lazy.flatMap { file in
        file.problems.lazy.map { (path: file.path, problem: $0) }
      }
      json.objects("problems", problems) { json, problem in
        json.field("path", problem.path)
        json.field("problem", problem.problem)
      }
      json.objects("duplicateUIDs", status.duplicateUIDs) { json, duplicate in
        json.field("uid", duplicate.uid)
        json.key("paths")
        json.array { json in
          for path in duplicate.paths { json.string(path) }
        }
      }
    }
  }

  func renderText(to output: Output, style: Style) {
    guard !statuses.isEmpty else {
      output.line(
        "no calendars: name them in $XDG_CONFIG_HOME/calpager/config as "
          + "'calendar.NAME = PATH' lines, or set sync-dir")
      return
    }
    for status in statuses {
      let name = TerminalText.singleLine(status.source.name)
      output.line("\(name): \(Quote.path(status.source.path))")
      switch status.state {
      case .read:
        output.line(
          "  \(countText(status.events, "event")) (\(status.recurring) recurring) in "
            + countText(status.files, "file"))
      case .unusable(let reason):
        output.line("  not read: \(reason)")
      case .sameAs(let other):
        output.line("  not read again: the same as calendar \(Quote.quoted(other))")
      }
      for file in status.unreadable {
        output.line(
          "  cannot read \(Quote.path(file.path)): "
            + TerminalText.singleLine(file.reason)
            + (status.events > 0 ? " (its last readable events, if any, are shown marked)" : ""))
      }
      for file in status.problems {
        for problem in file.problems {
          output.line(
            "  \(Quote.path(file.path)): "
              + TerminalText.singleLine(problem))
        }
      }
      for duplicate in status.duplicateUIDs {
        let paths = duplicate.paths.map { Quote.path($0) }
        output.line(
          "  the UID \(Quote.quoted(duplicate.uid)) is in "
            + "\(paths.joined(separator: " and ")): shown once, from the first")
      }
    }
  }
}
