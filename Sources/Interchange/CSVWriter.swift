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
    output.append(UInt8(ascii: ","))
    fields.day.appendISO(to: &output)
    output.append(UInt8(ascii: ","))
    appendField(fields.body, into: &output)
    output.append(UInt8(ascii: ","))
    fields.created.appendISO(to: &output)
    output.append(UInt8(ascii: ","))
    fields.updated.appendISO(to: &output)
    output.append(ascii: "\r\n")
  }

  /// Appends one field, quoted when it must be.
  static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    UTF8Validation.withValid(bytes) { bytes in
      guard let base = bytes.baseAddress,
        bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A })
      else {
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
}
