import NoteStore

/// What `check` prints: one line per finding, or them as one JSON object; it fails (exit 1)
/// after showing them when the database has problems.
struct CheckResult: CommandResult {
  /// The findings.
  let report: CheckReport
  /// The search indexes `--repair` rebuilt.
  var rebuilt: [SearchIndex] = []
  /// Whether `--repair` was given.
  var repairAsked = false

  var failure: CLIError? {
    if report.isHealthy { return nil }
    let onlySearch = report.integrity == ["ok"] && report.migrations == report.knownMigrations
    return onlySearch ? .searchIndexDamaged : .unhealthyDatabase
  }

  func render(to output: Output, style: Style) {
    let named = report.searchIndexes.count > 1
    let problems = report.searchIndexes.compactMap { status in
      status.problem.map { named ? "\(status.index): \($0)" : $0 }
    }
    if style.json {
      output.jsonObject { json in
        json.field("ok", report.isHealthy)
        json.field("integrity", report.integrity.joined(separator: "\n"))
        json.field("searchIndex", report.searchIndexMatches)
        if !problems.isEmpty {
          json.key("searchIndexProblems")
          json.array { json in
            for problem in problems { json.string(problem) }
          }
        }
        if repairAsked {
          json.key("rebuilt")
          json.array { json in
            for index in rebuilt { json.string(index.description) }
          }
        }
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
    var search: String
    if !problems.isEmpty {
      search =
        problems.joined(separator: "; ") + "; 'calpager check --repair' rebuilds it from the notes"
    } else if !rebuilt.isEmpty {
      search = "ok (rebuilt from the notes)"
    } else if report.searchIndexes.contains(where: { !$0.integrityChecked }) {
      search = "ok (FTS5's check needs write access: only the counts were checked)"
    } else {
      search = "ok"
    }
    if !problems.isEmpty && !rebuilt.isEmpty { search = "still " + search }
    output.line("search index: \(search)")
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
