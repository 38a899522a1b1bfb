import CalendarPaging
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
    var first = true
    let body = TerminalText.multiline(note.body)
    // Paragraphs end at newline bytes: after `multiline` every newline is a character of its
    // own (no CR is left to pair with it), so this splits as `split(separator: "\n")` does.
    var scratch = body
    let utf8 = body.utf8
    var start = 0
    while true {
      let end = scratch.withUTF8 { bytes in
        bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      }
      let paragraph = body[
        utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
      for line in TextWrap.lines(paragraph, width: available) {
        if first {
          appendPrefix(id: note.id ?? 0, to: output)
        } else {
          output.write(indent)
        }
        output.line(line)
        first = false
      }
      guard end < utf8.count else { break }
      start = end + 1
    }
  }

  /// Appends `  #12  `: the id, dim when colour is on, padded to `idWidth`, as bytes.
  private func appendPrefix(id: Int, to output: Output) {
    output.append { buffer in
      buffer.append(contentsOf: "  ".utf8)
      if style.color { buffer.append(contentsOf: SGR.dim.utf8) }
      let labelStart = buffer.count
      buffer.append(UInt8(ascii: "#"))
      JSON.appendInt(id, into: &buffer)
      let padding = idWidth - (buffer.count - labelStart)
      if padding > 0 { buffer.append(contentsOf: repeatElement(0x20, count: padding)) }
      if style.color { buffer.append(contentsOf: SGR.reset.utf8) }
      buffer.append(contentsOf: "  ".utf8)
    }
  }
}
