internal import NoteModel

/// RFC 4180 output: a header row, CRLF line ends, and a field quoted (with `"` doubled) only
/// when it holds a comma, a double quote, a CR or an LF.
enum CSVWriter {
  /// The columns of an export, in order (`id` first when ids are written).
  static let columns = ["uid", "day", "body", "created", "updated"]

  static func appendHeader(includeID: Bool, into output: inout [UInt8]) {
    output.append(
      ascii: includeID ? "id,uid,day,body,created,updated\r\n" : "uid,day,body,created,updated\r\n")
  }

  static func appendRecord(_ fields: NoteFields, includeID: Bool, into output: inout [UInt8]) {
    if includeID {
      if let id = fields.id { JSON.appendInt(id, into: &output) }
      output.append(UInt8(ascii: ","))
    }
    appendField(fields.uid, into: &output)
    // The fixed-width parts around the body are written into small buffers and appended at
    // once (as JSON.appendNote does).
    output.append(count: 12) { out in
      out[0] = UInt8(ascii: ",")
      fields.day.writeISO(to: out + 1)
      out[11] = UInt8(ascii: ",")
    }
    appendField(fields.body, into: &output)
    output.append(count: 52) { out in
      out[0] = UInt8(ascii: ",")
      fields.created.writeISO(to: out + 1)
      out[25] = UInt8(ascii: ",")
      fields.updated.writeISO(to: out + 26)
      out[50] = UInt8(ascii: "\r")
      out[51] = UInt8(ascii: "\n")
    }
  }

  /// Appends one field, quoted when it must be.
  static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    UTF8Validation.withValid(bytes) { bytes in
      guard let base = bytes.baseAddress, mustQuote(bytes) else {
        output.append(contentsOf: bytes)
        return
      }
      output.append(UInt8(ascii: "\""))
      var runStart = 0
      for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\"") {
        // Copy up to and including the quote, then write it a second time.
        output.append(base, from: runStart, to: index + 1)
        output.append(UInt8(ascii: "\""))
        runStart = index + 1
      }
      output.append(base, from: runStart, to: bytes.count)
      output.append(UInt8(ascii: "\""))
    }
  }

  /// Whether `bytes` hold a comma, a double quote, a CR or an LF: eight bytes at a time.
  static func mustQuote(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
      let matched = word ^ (ones &* UInt64(byte))
      return (matched &- ones) & ~matched & highs != 0
    }
    var index = 0
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if hasByte(word, 0x2C) || hasByte(word, 0x22) || hasByte(word, 0x0D) || hasByte(word, 0x0A) {
        return true
      }
      index += 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte == 0x2C || byte == 0x22 || byte == 0x0D || byte == 0x0A { return true }
      index += 1
    }
    return false
  }
}
