import NoteStore

/// What `check` prints: one line per finding, or them as one JSON object; it fails (exit 1)
/// after showing them when the database has problems.
struct CheckResult: CommandResult {
  /// The findings.
  let report: CheckReport

  var failure: CLIError? { report.isHealthy ? nil : .unhealthyDatabase }

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        json.field("ok", report.isHealthy)
        json.field("integrity", report.integrity.joined(separator: "\n"))
        json.field("searchIndex", report.searchIndexMatches)
        json.key("schema")
        json.array { json in
          for name in report.migrations { json.string(name) }
        }
        json.field("notes", report.noteCount)
        json.field("days", report.dayCount)
        json.field("undo", report.undoDepth)
      }
      return
    }
    let integrity = report.integrity == ["ok"] ? "ok" : report.integrity.joined(separator: "; ")
    output.line("integrity:    \(integrity)")
    output.line("search index: \(report.searchIndexMatches ? "ok" : "out of step with the notes")")
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
}
