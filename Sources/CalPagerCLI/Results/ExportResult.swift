import CalendarPaging
import DisplayText
import Interchange

/// What `export` prints: nothing when the notes went to standard output; for a file,
/// `Exported 3 notes to f.jsonl` or `{"exported":3,"format":"jsonl","file":"f.jsonl"}`.
struct ExportResult: CommandResult {
  /// The number of notes written to the file; nil when they went to standard output.
  let count: Int?
  /// The format written.
  let format: Format
  /// The file written; nil for standard output.
  let file: String?

  func render(to output: Output, style: Style) {
    guard let count, let file else { return }
    if style.json {
      output.jsonObject { json in
        json.field("exported", count)
        json.field("format", format.rawValue)
        json.field("file", file)
      }
    } else {
      output.line("Exported \(countText(count, "note")) to \(TerminalText.singleLine(file))")
    }
  }
}
