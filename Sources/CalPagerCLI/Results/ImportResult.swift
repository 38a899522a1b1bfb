import CalendarPaging
import Interchange
import NoteStore

/// What `import` prints: `Imported f.jsonl: 3 added, 0 updated, 0 unchanged, 0 skipped`, then
/// a line for each thing the file held besides notes (a journal skipped with its line and
/// reason, events and to-dos left out, unknown CSV columns, starred jrnl entries), or all of
/// it as one JSON object.
struct ImportResult: CommandResult {
  /// The file read, or "standard input".
  let name: String
  /// What the import did, or would do.
  let summary: ImportSummary
  /// What the file held besides notes.
  let report: ImportReport
  /// Whether it was a dry run.
  let dryRun: Bool

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        json.field("added", summary.added)
        json.field("updated", summary.updated)
        json.field("unchanged", summary.unchanged)
        json.field("skipped", summary.skipped)
        // The report's members, in this object: `"skippedRecords":[…],…,"derivedUIDs":0`.
        var members: [UInt8] = []
        report.appendJSONMembers(into: &members)
        json.raw(members)
        if let separator = report.separator { json.field("separator", separator) }
        json.field("dryRun", dryRun)
      }
      return
    }
    var line =
      "\(dryRun ? "Would import" : "Imported") \(TerminalText.singleLine(name)): \(summary)"
    if dryRun { line += " (dry run: nothing changed)" }
    output.line(line)
    if report.separator == ";" {
      output.line("  read as CSV with ';' between fields")
    }
    for notice in report.notices {
      output.line("  " + TerminalText.singleLine(notice))
    }
  }
}
