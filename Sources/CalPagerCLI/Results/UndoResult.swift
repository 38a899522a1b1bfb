import Interchange
import NoteStore

/// What `undo` prints: `Undid add: removed 1 note`, or
/// `{"undone":…,"removed":N,"restored":[…]}`.
struct UndoResult: CommandResult {
  /// What was reverted.
  let undone: UndoneAction

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { json in
        json.field("undone", undone.kind)
        json.field("removed", undone.removedCount)
        json.notes("restored", undone.restored)
      }
      return
    }
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
