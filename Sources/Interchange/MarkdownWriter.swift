internal import CalendarPaging

/// Markdown output, for people (export only).
///
/// A level-one heading per day,
/// `# 2024-05-01 Wednesday`, a blank line, then each note of that day as a list item, its
/// further lines indented by two spaces; a blank line between days. CRLF and lone CR in a body
/// become line breaks; the text is otherwise written as it is.
enum MarkdownWriter {
  static func appendNote(
    _ fields: NoteFields, after previousDay: Day?, includeID: Bool, into output: inout [UInt8]
  ) {
    if previousDay != fields.day {
      if previousDay != nil { output.append(UInt8(ascii: "\n")) }
      output.append(ascii: "# ")
      fields.day.appendISO(to: &output)
      output.append(UInt8(ascii: " "))
      output.append(contentsOf: fields.day.weekday.name.utf8)
      output.append(ascii: "\n\n")
    }
    output.append(UInt8(ascii: "-"))
    if includeID, let id = fields.id {
      output.append(ascii: " #")
      JSON.appendInt(id, into: &output)
    }
    UTF8Validation.withValid(fields.body) { body in
      guard let base = body.baseAddress, !body.isEmpty else { return }
      output.append(UInt8(ascii: " "))
      var lineStart = 0
      var index = 0
      while index < body.count {
        let byte = base[index]
        guard byte == 0x0A || byte == 0x0D else {
          index += 1
          continue
        }
        output.append(base, from: lineStart, to: index)
        if byte == 0x0D && index + 1 < body.count && base[index + 1] == 0x0A { index += 1 }
        index += 1
        lineStart = index
        output.append(UInt8(ascii: "\n"))
        // Indent the next line unless it is empty (no trailing spaces).
        if index < body.count && base[index] != 0x0A && base[index] != 0x0D {
          output.append(ascii: "  ")
        }
      }
      output.append(base, from: lineStart, to: body.count)
    }
    output.append(UInt8(ascii: "\n"))
  }
}
