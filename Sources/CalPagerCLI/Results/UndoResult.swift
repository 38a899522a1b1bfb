import Interchange
import NoteStore

/// What `undo` prints: `Undid add: removed 1 note`, or
/// `{"undone":…,"removed":N,"restored":[…]}`.
struct UndoResult: TextOrJSONResult {
  /// What was reverted.
  let undone: UndoneAction

  func writeJSON(to json: inout JSONWriter) {
    json.field("undone", undone.kind)
    json.field("removed", undone.removedCount)
    json.notes("restored", undone.restored)
  }

  func renderText(to output: Output, style: Style) {
    var parts: [String] = []
    if undone.removedCount > 0 { parts.append("removed " + countText(undone.removedCount, "note")) }
    if undone.restored.count == 1, let id = undone.restored[0].id {
      parts.append("restored #\(id)")
    } else if undone.restoredCount > 0 {
      parts.append("restored " + countText(undone.restoredCount, "note"))
    }
    let what = parts.isEmpty ? "nothing left to change" : parts.joined(separator: ", ")
    output.line("Undid \(undone.kind): \(what)")
  }
}
