import CalendarPaging
import DisplayText
import Interchange
import VdirSync

/// What `sync` prints: one summary line (`Synced DIR: 1 sent, 0 received, 2 updated, 0
/// removed, 0 conflicts, 1 ignored`), then a line for each conflict, each item left alone and
/// each item left for the next sync (and with `--dry-run` each step planned); with `--json`,
/// `{"sent":…,"received":…,"updated":…,"removed":…,"conflicts":[…],"ignored":[…]}` (a dry run
/// adds `"dryRun":true` and `"plan":[…]`).
struct SyncResult: TextOrJSONResult {
  /// What the sync did.
  let report: SyncReport
  /// The sync command's failure, reported after the summary.
  let failure: CLIError?

  func renderText(to output: Output, style: Style) {
    let counts = [
      "\(report.sent) sent", "\(report.received) received", "\(report.updated) updated",
      "\(report.removed) removed", countText(report.conflicts.count, "conflict"),
      "\(report.ignored.count) ignored",
    ].joined(separator: ", ")
    let path = TerminalText.singleLine(report.path)
    output.line(
      report.dryRun
        ? "Would sync \(path): \(counts) (dry run: nothing changed)" : "Synced \(path): \(counts)")
    for step in report.plan {
      output.line("  \(step.action.rawValue) \(TerminalText.singleLine(step.name))")
    }
    if report.planned > 0 { output.line("  and \(countText(report.planned, "step")) more") }
    for conflict in report.conflicts {
      output.line("  " + TerminalText.singleLine(Self.describe(conflict)))
    }
    for change in report.newUIDs {
      let id = change.noteID.map { "#\($0)" } ?? "a note"
      output.line(
        "  new uid for \(id): \(Quote.quoted(change.from)) is also the UID of "
          + "\(TerminalText.singleLine(change.clash)) (left alone); the note is now "
          + "\(Quote.quoted(change.to))")
    }
    for item in report.renamed {
      output.line(
        "  renamed: \(TerminalText.singleLine(item.from)) is now "
          + "\(TerminalText.singleLine(item.to)) (the same note, found by its UID)")
    }
    for item in report.ignored {
      output.line(
        "  left alone: \(TerminalText.singleLine(item.name)): \(TerminalText.singleLine(item.reason))"
      )
    }
    if report.exchangeUnsupported {
      output.line(
        "  note: this file system cannot exchange two files atomically (RENAME_EXCHANGE): a "
          + "program writing the folder during a sync could lose a version")
    }
    if !report.deferred.isEmpty {
      let names = report.deferred.map { TerminalText.singleLine($0) }.joined(separator: ", ")
      output.line("  changed by another program while syncing, left for the next sync: \(names)")
    }
  }

  /// `conflict in a.ics: the vdir's version stays in place (#3, uid 'a'); the database's
  /// version is now #7 (uid 'b')`.
  static func describe(_ conflict: SyncConflict) -> String {
    let (kept, other) = conflict.kept == .vdir ? ("vdir", "database") : ("database", "vdir")
    let keptID = conflict.keptID.map { "#\($0), " } ?? ""
    let copyID = conflict.copyID.map { "#\($0) " } ?? "a note "
    return "conflict in \(conflict.name): the \(kept)'s version stays in place "
      + "(\(keptID)uid \(Quote.quoted(conflict.uid))); the \(other)'s version is now "
      + "\(copyID)(uid \(Quote.quoted(conflict.copyUID)))"
  }

  func writeJSON(to json: inout JSONWriter) {
    json.field("sent", report.sent)
    json.field("received", report.received)
    json.field("updated", report.updated)
    json.field("removed", report.removed)
    json.objects("conflicts", report.conflicts) { json, conflict in
      json.field("name", conflict.name)
      json.field("uid", conflict.uid)
      json.field("kept", conflict.kept.rawValue)
      json.field("copy", conflict.copyUID)
    }
    json.objects("ignored", report.ignored) { json, item in
      json.field("name", item.name)
      json.field("reason", item.reason)
    }
    if report.dryRun {
      json.field("dryRun", true)
      json.objects("plan", report.plan) { json, step in
        json.field("action", step.action.rawValue)
        json.field("name", step.name)
      }
    }
  }
}
