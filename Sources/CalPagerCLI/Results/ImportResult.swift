import CalendarPaging
import DisplayText
import Interchange
import NoteStore

/// What `import` prints: `Imported f.jsonl: 3 added, 0 updated, 0 unchanged, 0 skipped`
/// (`, 1 conflict` when there are any), then a line for each record skipped or in conflict and
/// each notice of the decoder (`;` between CSV fields, events and to-dos left out with what to
/// do, unknown columns, starred jrnl entries); or all of it as one JSON object.
///
/// "Skipped" counts both the records the decoder skipped (an iCalendar journal with no text)
/// and those the store did not apply (older than the stored note, or without an `updated`).
struct ImportResult: TextOrJSONResult {
  /// The file read, or "standard input".
  let name: String
  /// What the import did, or would do.
  let summary: ImportSummary
  /// What the decoder read besides notes: skipped records, components, columns.
  let report: ImportReport
  /// Calendar components other than journals that were ignored (ICS).
  let otherComponents: Int
  /// Whether it was a dry run.
  let dryRun: Bool

  /// How many store-skipped records and conflicts the text names.
  static let namedInText = 20

  /// Records skipped, by the decoder and by the store.
  var skipped: Int { summary.skipped + report.skippedRecordCount }

  func writeJSON(to json: inout JSONWriter) {
    json.field("added", summary.added)
    json.field("updated", summary.updated)
    json.field("unchanged", summary.unchanged)
    json.field("skipped", skipped)
    json.field("conflicts", summary.conflicts)
    json.field("otherComponents", otherComponents)
    json.field("dryRun", dryRun)
    writeDetails(to: &json)
    if let separator = report.separator { json.field("separator", separator) }
  }

  func renderText(to output: Output, style: Style) {
    var counts = summary
    counts.skipped = skipped
    var line =
      "\(dryRun ? "Would import" : "Imported") \(TerminalText.singleLine(name)): \(counts)"
    if dryRun { line += " (dry run: nothing changed)" }
    output.line(line)
    var notices = report.separator == ";" ? ["read as CSV with ';' between fields"] : []
    notices += report.skippedRecords.map { "skipped \($0)" }
    if report.skippedRecordCount > report.skippedRecords.count {
      notices.append("skipped \(report.skippedRecordCount - report.skippedRecords.count) more")
    }
    notices += summary.notImported.prefix(ImportResult.namedInText).map(\.description)
    let unnamed = summary.skipped + summary.conflicts - ImportResult.namedInText
    if unnamed > 0 {
      notices.append("… and \(unnamed) more (--json names up to \(NotImportedRecord.limit))")
    }
    if let notice = report.components.notice { notices.append(notice) }
    if !report.unknownColumns.isEmpty {
      let names = report.unknownColumns.map { Quote.quoted($0) }.joined(separator: ", ")
      let plural = report.unknownColumns.count == 1 ? "" : "s"
      notices.append("unknown column\(plural) ignored: \(names)")
    }
    if report.starred > 0 {
      let entries = report.starred == 1 ? "entry" : "entries"
      notices.append("\(report.starred) starred \(entries) (the star is not kept)")
    }
    for notice in notices { output.line("  " + TerminalText.singleLine(notice)) }
  }

  /// The JSON members after the counts: the records skipped and in conflict (each
  /// `{"line":2,"uid":"…","reason":"…"}`, `uid` null when a skipped journal had none), the
  /// components by kind, unknown CSV columns, starred jrnl entries, uids derived.
  private func writeDetails(to json: inout JSONWriter) {
    json.key("skippedRecords")
    json.array { json in
      for record in report.skippedRecords {
        json.object { json in
          json.field("line", record.line)
          json.key("uid")
          if let uid = record.uid { json.string(uid) } else { json.null() }
          json.field("reason", record.reason.description)
        }
      }
      for record in summary.notImported where record.reason != .conflict {
        json.object { record.write(to: &$0) }
      }
    }
    json.objects("conflictRecords", summary.notImported.lazy.filter { $0.reason == .conflict }) {
      json, record in record.write(to: &json)
    }
    json.field("events", report.components.events)
    json.field("todos", report.components.todos)
    json.key("unknownColumns")
    json.array { json in
      for name in report.unknownColumns { json.string(name) }
    }
    json.field("starred", report.starred)
    json.field("derivedUIDs", report.derivedUIDs)
  }
}

extension NotImportedRecord {
  /// Writes `"line":2,"uid":"…","reason":"…"`.
  fileprivate func write(to json: inout JSONWriter) {
    json.field("line", line)
    json.field("uid", uid)
    json.field("reason", reason.description)
  }
}
