import CalendarPaging
import NoteStore

/// What `import` prints: `Imported f.jsonl: 3 added, 0 updated, 0 unchanged, 0 skipped`, or
/// the counts as one JSON object.
struct ImportResult: CommandResult {
  /// The file read, or "standard input".
  let name: String
  /// What the import did, or would do.
  let summary: ImportSummary
  /// Calendar components other than journals that were ignored (ICS).
  let otherComponents: Int
  /// Whether it was a dry run.
  let dryRun: Bool

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        json.field("added", summary.added)
        json.field("updated", summary.updated)
        json.field("unchanged", summary.unchanged)
        json.field("skipped", summary.skipped)
        json.field("otherComponents", otherComponents)
        json.field("dryRun", dryRun)
      }
      return
    }
    var line =
      "\(dryRun ? "Would import" : "Imported") \(TerminalText.singleLine(name)): \(summary)"
    if otherComponents > 0 {
      line += "; \(countText(otherComponents, "other calendar component")) ignored"
    }
    if dryRun { line += " (dry run: nothing changed)" }
    output.line(line)
  }
}
