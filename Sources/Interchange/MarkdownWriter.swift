internal import CalendarPaging
internal import NoteModel

/// Markdown output, for people (export only).
///
/// A level-one heading per day,
/// `# 2024-05-01 Wednesday`, a blank line, then each note of that day as a list item, its
/// further lines indented by two spaces; a blank line between days. CRLF and lone CR in a body
/// become line breaks. Markdown is read on screens, so what a terminal would act on is written
/// as a visible escape, `\u{1B}`: C0 controls but tab and line breaks, DEL, C1 controls, bidi
/// marks, embeddings, overrides and isolates, and the line and paragraph separators (JSON, CSV
/// and iCalendar carry the exact text). The text is otherwise written as it is.
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
        if let control = MarkdownWriter.control(in: body, at: index) {
          output.append(base, from: lineStart, to: index)
          output.append(ascii: "\\u{")
          output.append(contentsOf: String(control.value, radix: 16, uppercase: true).utf8)
          output.append(UInt8(ascii: "}"))
          index += control.length
          lineStart = index
          continue
        }
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

  /// The scalar at `index` of valid UTF-8 `bytes` and its length, when it is one that must
  /// not reach a terminal (see the type's description); nil otherwise.
  static func control(in bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (value: UInt32, length: Int)?
  {
    let byte = bytes[index]
    if byte < 0x20 {
      return byte == 0x09 || byte == 0x0A || byte == 0x0D ? nil : (UInt32(byte), 1)
    }
    if byte == 0x7F { return (0x7F, 1) }
    guard index + 1 < bytes.count else { return nil }
    let second = bytes[index + 1]
    switch byte {
    case 0xC2 where second < 0xA0:  // C1: U+0080–U+009F
      return (UInt32(second), 2)
    case 0xD8 where second == 0x9C:  // U+061C arabic letter mark
      return (0x61C, 2)
    case 0xE2 where index + 2 < bytes.count:
      let value = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
      let isBidiOrSeparator =
        (0x200E...0x200F).contains(value) || (0x2028...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      return isBidiOrSeparator ? (value, 3) : nil
    default:
      return nil
    }
  }
}
