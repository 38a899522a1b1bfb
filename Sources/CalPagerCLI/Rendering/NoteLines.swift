import Interchange

/// Notes laid out for a page or a list: `  #12  text`, long lines wrapped and continued
/// under the text, lines of a multi-line body kept, control characters shown escaped.
struct NoteLines {
  /// The output style.
  let style: Style
  /// The columns the `#id` takes: the widest id among the notes shown together.
  let idWidth: Int
  /// What continuation lines start with: spaces as wide as `  #id  `.
  private let indent: String
  /// The columns left for the text.
  private let available: Int

  /// A layout for `notes`, whose ids line up.
  init(style: Style, notes: [Note]) {
    self.style = style
    idWidth = notes.map { String($0.id ?? 0).utf8.count + 1 }.max() ?? 2
    indent = String(repeating: " ", count: 4 + idWidth)
    available = max(style.width - 4 - idWidth, 16)
  }

  /// Appends the lines of `note` to `output`.
  func append(_ note: Note, to output: Output) {
    let id = "#\(note.id ?? 0)"
    let label = id + String(repeating: " ", count: max(0, idWidth - id.utf8.count))
    let prefix = "  " + style.paint(label, SGR.dim) + "  "
    var first = true
    let body = TerminalText.multiline(note.body)
    // Paragraphs end at newline bytes: after `multiline` every newline is a character of its
    // own (no CR is left to pair with it), so this splits as `split(separator: "\n")` does.
    var scratch = body
    var ends = scratch.withUTF8 { bytes in bytes.indices.filter { bytes[$0] == 0x0A } }
    ends.append(body.utf8.count)
    var start = 0
    for end in ends {
      let paragraph = body[
        body.utf8.index(
          body.startIndex, offsetBy: start)..<body.utf8.index(body.startIndex, offsetBy: end)]
      for line in TextWrap.lines(paragraph, width: available) {
        output.write(first ? prefix : indent)
        output.line(line)
        first = false
      }
      start = end + 1
    }
  }
}
