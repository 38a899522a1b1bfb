/// iCalendar TEXT values and line folding (RFC 5545 sections 3.1 and 3.3.11).
enum ICalendarText {
  /// The longest content line, in octets, not counting the line break.
  static let maximumLineOctets = 75

  /// Appends TEXT `value` with its escapes undone (`\\`, `\;`, `\,`, `\n`, `\N`); any other
  /// backslash is kept as it is.
  static func appendUnescaped(_ value: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var index = 0
    while index < value.count {
      let byte = value[index]
      if byte == UInt8(ascii: "\\") && index + 1 < value.count {
        switch value[index + 1] {
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
          output.append(value[index + 1])
          index += 2
          continue
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
          output.append(0x0A)
          index += 2
          continue
        default:
          break
        }
      }
      output.append(byte)
      index += 1
    }
  }

  /// The unescaped bytes of a TEXT value.
  static func unescaped(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(value.count)
    appendUnescaped(value, into: &output)
    return output
  }

  /// `text` as a TEXT value holds it once unescaped: CRLF and lone CR as LF, other control
  /// characters but tab and LF as U+FFFD. (TEXT cannot hold a CR or a control character.)
  static func renderedAsText(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      let byte = text[index]
      index += 1
      switch byte {
      case 0x0D:
        result.append(0x0A)
        if index < text.count && text[index] == 0x0A { index += 1 }
      case 0x09, 0x0A: result.append(byte)
      case 0..<0x20, 0x7F: result.append(contentsOf: [0xEF, 0xBF, 0xBD])
      default: result.append(byte)
      }
    }
    return result
  }

  /// `text` as a journal's `SUMMARY` and `DESCRIPTION` hold it (see `ICSWriter.splitText`):
  /// as TEXT holds it (`renderedAsText`), without the blank lines before its first line with
  /// text, so that the summary, a phone's title for the note, is never empty.
  static func visibleForm(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let rendered = renderedAsText(text)
    let start = rendered.withUnsafeBufferPointer(textStart)
    return start == 0 ? rendered : Array(rendered[start...])
  }

  /// Whether `text` starts with a blank line (empty, or only spaces and tabs, before a line
  /// break): a body whose `SUMMARY` must then be a later line.
  static func startsWithBlankLine(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    textStart(text) > 0
  }

  /// The index where the first line with something but spaces and tabs starts (0 when the
  /// first line has text, or when no line does).
  private static func textStart(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var lineStart = 0
    for (index, byte) in text.enumerated() {
      switch byte {
      case 0x20, 0x09: continue
      case 0x0A, 0x0D: lineStart = index + 1
      default: return lineStart
      }
    }
    return 0
  }

  /// Whether TEXT escaping keeps `text` exactly: no CR and no control character but tab and LF.
  static func isExactAsText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !text.contains { $0 == 0x7F || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) }
  }

  /// Appends one content line: `head` (the name, its parameters and the colon) and `value`,
  /// TEXT-escaped when `escape` is true, folded before any atom (a UTF-8 sequence or an
  /// escape) that would pass 75 octets, each line ended by CRLF (or LF when `crlf` is false).
  ///
  /// Escaping writes `\\`, `\;`, `\,`, `\n` for LF, `\n` for CRLF and for a lone CR, and
  /// U+FFFD for every other control character but tab.
  static func appendLine(
    head: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, escape: Bool,
    crlf: Bool = true, into output: inout [UInt8]
  ) {
    var length = 0
    @inline(__always) func breakLine() {
      if crlf { output.append(0x0D) }
      output.append(0x0A)
    }
    @inline(__always) func fold() {
      breakLine()
      output.append(0x20)
      length = 1
    }
    if head.count <= maximumLineOctets {
      output.append(contentsOf: head)
      length = head.count
    } else {
      // A long head (many parameters): scalar by scalar, folding before one that would not fit.
      var index = 0
      while index < head.count {
        let byte = head[index]
        let end = min(head.count, index + (byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4))
        if length + (end - index) > maximumLineOctets { fold() }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: head[index..<end]))
        length += end - index
        index = end
      }
    }
    guard let base = value.baseAddress else {
      breakLine()
      return
    }
    func emit(_ atom: StaticString) {
      if length + atom.utf8CodeUnitCount > maximumLineOctets { fold() }
      output.append(ascii: atom)
      length += atom.utf8CodeUnitCount
    }
    var index = 0
    while index < value.count {
      let byte = base[index]
      if escape && (byte < 0x20 || byte == 0x7F || byte == 0x5C || byte == 0x3B || byte == 0x2C)
        && byte != 0x09
      {
        switch byte {
        case 0x5C: emit("\\\\")
        case 0x3B: emit("\\;")
        case 0x2C: emit("\\,")
        case 0x0A: emit("\\n")
        case 0x0D:
          emit("\\n")
          if index + 1 < value.count && base[index + 1] == 0x0A { index += 1 }
        default: emit("\u{FFFD}")
        }
        index += 1
        continue
      }
      if byte < 0x80 {
        // A run of plain ASCII, cut to the room left on the line.
        var end = index + 1
        let limit = min(value.count, index + max(1, maximumLineOctets - length))
        while end < limit, isPlain(base[end], escape: escape) { end += 1 }
        if length + (end - index) > maximumLineOctets {
          fold()
          continue
        }
        output.append(base, from: index, to: end)
        length += end - index
        index = end
        continue
      }
      let scalarLength = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      if length + scalarLength > maximumLineOctets { fold() }
      output.append(base, from: index, to: min(value.count, index + scalarLength))
      length += scalarLength
      index += scalarLength
    }
    breakLine()
  }

  @inline(__always)
  private static func isPlain(_ byte: UInt8, escape: Bool) -> Bool {
    guard byte < 0x80 else { return false }
    guard escape else { return true }
    return (byte >= 0x20 || byte == 0x09) && byte != 0x7F && byte != 0x5C && byte != 0x3B
      && byte != 0x2C
  }
}
