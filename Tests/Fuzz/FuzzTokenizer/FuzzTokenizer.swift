import CalendarPaging
import CommandLanguage
import DisplayText

/// libFuzzer entry: the line-mode tokenizer on arbitrary bytes.
///
/// It must never crash; it accepts exactly the valid UTF-8 lines it can read; its words,
/// quoted again with `Tokenizer.quoted` and joined, read back as the same words; a line with
/// no quote, backslash or `#` splits on blanks alone; and its errors are one terminal-safe
/// line with a column inside the line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let valid = String(validating: bytes, as: UTF8.self) != nil
  do {
    let words = try Tokenizer.words(in: bytes)
    precondition(valid, "accepted invalid UTF-8")
    let line = words.map(Tokenizer.quoted).joined(separator: " ")
    let again = try Tokenizer.words(in: line)
    precondition(again == words, "quoting did not round-trip: \(words) -> \(line) -> \(again)")
    let special: Set<UInt8> = [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x23]
    if !bytes.contains(where: special.contains) {
      let plain = bytes.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        .map { String(decoding: $0, as: UTF8.self) }
      precondition(plain == words, "plain line split differently")
    }
  } catch {
    precondition(error.usage == .none, "tokenizer error with usage")
    precondition(!error.message.isEmpty, "empty message")
    precondition(
      !error.description.unicodeScalars.contains { TerminalText.mustEscape($0) },
      "message not terminal-safe")
    let scalars = bytes.filter { $0 & 0xC0 != 0x80 }.count
    if let column = Int(error.message.split(separator: " ").last { Int($0) != nil } ?? "") {
      precondition(column >= 1 && column <= scalars + 1, "column out of the line")
    }
    if valid {
      precondition(!error.message.hasPrefix("invalid UTF-8"), "refused valid UTF-8")
    }
  }
  return 0
}
