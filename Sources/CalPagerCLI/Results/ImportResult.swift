import CalendarPaging
import Interchange
import NoteStore

/// What `import` prints: `Imported f.jsonl: 3 added, 0 updated, 0 unchanged, 0 skipped`
/// (`, 1 conflict` when there are any), then a line for each record skipped or in conflict;
/// or all of it as one JSON object.
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
        json.field("conflicts", summary.conflicts)
        json.field("otherComponents", otherComponents)
        json.field("dryRun", dryRun)
        records("skippedRecords", summary.notImported.filter { $0.reason != .conflict }, &json)
        records("conflictRecords", summary.notImported.filter { $0.reason == .conflict }, &json)
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
    for record in summary.notImported.prefix(ImportResult.namedInText) {
      output.line("  " + TerminalText.singleLine(record.description))
    }
    let unnamed = summary.skipped + summary.conflicts - ImportResult.namedInText
    if unnamed > 0 {
      output.line("  … and \(unnamed) more (--json names up to \(NotImportedRecord.limit))")
    }
  }

  /// How many skipped records and conflicts the text names.
  static let namedInText = 20

  /// Writes `name`: an array of `{"line":2,"uid":"…","reason":"…"}`.
  private func records(
    _ name: String, _ records: [NotImportedRecord], _ json: inout JSONWriter
  ) {
    json.key(name)
    json.array { json in
      for record in records {
        json.object { json in
          json.field("line", record.line)
          json.field("uid", record.uid)
          json.field("reason", record.reason.description)
        }
      }
    }
  }
}
