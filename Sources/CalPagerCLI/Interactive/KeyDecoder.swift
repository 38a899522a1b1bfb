/// Decodes the bytes a terminal sends into keys: pure, so that every sequence is tested
/// without a terminal.
///
/// Understood: printable UTF-8 characters; CR and LF (Enter), Tab, DEL and BS (Backspace),
/// other C0 controls as `Key.control`; and the xterm/tmux sequences for the arrows, Home,
/// End, Insert, Delete, Page Up and Page Down in both their CSI (`ESC [ A`, `ESC [ 5 ~`,
/// `ESC [ 1 ; 5 C` with modifiers, which are dropped) and SS3 (`ESC O A`, application mode)
/// forms, and Shift-Tab (`ESC [ Z`). Any other complete escape sequence (function keys, mouse
/// reports, bracketed paste markers) is skipped whole; so are invalid UTF-8 and C1 controls.
///
/// A bare ESC cannot be told from the start of a sequence by its bytes alone: `next()` leaves
/// it pending (`isPending`), and the reader calls `flush()` when no further byte came within a
/// short time, which makes it `.escape`. ESC followed by a byte that starts no sequence is
/// `.escape` and then that byte's key (so Alt-x is Escape, then x).
package struct KeyDecoder: Sendable {
  private var buffer: [UInt8] = []
  /// Bytes before `start` are decoded.
  private var start = 0

  /// The longest escape sequence waited for; a longer one is skipped as garbage.
  static let longestSequence = 32

  /// An empty decoder.
  package init() {}

  /// Adds bytes read from the terminal.
  package mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Whether bytes are waiting: a key not decoded yet, or the start of a sequence.
  package var isPending: Bool { start < buffer.count }

  /// The next complete key, or nil when nothing complete is waiting (the buffer is empty or
  /// ends in an unfinished sequence, which more bytes or `flush()` settle).
  package mutating func next() -> Key? {
    while start < buffer.count {
      switch decode(at: start) {
      case .key(let key, let length):
        start += length
        return key
      case .skip(let length):
        start += length
      case .incomplete:
        return nil
      }
    }
    return nil
  }

  /// Settles what is pending once no more bytes came: a lone ESC is `.escape`; an unfinished
  /// sequence or UTF-8 character is dropped.
  package mutating func flush() -> Key? {
    if let key = next() { return key }
    defer {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    return buffer.count - start == 1 && buffer[start] == 0x1B ? .escape : nil
  }

  private enum Decoded {
    case key(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private func decode(at index: Int) -> Decoded {
    let byte = buffer[index]
    switch byte {
    case 0x1B: return decodeEscape(at: index)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x00...0x1F:
      // Ctrl-@ … Ctrl-_: the control key's character is the byte plus 0x40, letters lower-cased.
      let character = Character(Unicode.Scalar(byte < 0x1B ? byte + 0x60 : byte + 0x40))
      return .key(.control(byte == 0 ? "@" : character), length: 1)
    case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return decodeUTF8(at: index)
    }
  }

  private func decodeEscape(at index: Int) -> Decoded {
    guard index + 1 < buffer.count else { return .incomplete }
    switch buffer[index + 1] {
    case UInt8(ascii: "["): return decodeCSI(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < buffer.count else { return .incomplete }
      let final = buffer[index + 2]
      guard (0x40...0x7E).contains(final) else { return .skip(length: 2) }
      guard let key = Self.finalKeys[final] ?? (final == UInt8(ascii: "M") ? .enter : nil) else {
        return .skip(length: 3)
      }
      return .key(key, length: 3)
    default:
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), a final byte
  /// (0x40–0x7E).
  private func decodeCSI(at index: Int) -> Decoded {
    var cursor = index + 2
    let parameters = cursor
    while cursor < buffer.count, (0x30...0x3F).contains(buffer[cursor]) { cursor += 1 }
    let parametersEnd = cursor
    while cursor < buffer.count, (0x20...0x2F).contains(buffer[cursor]) { cursor += 1 }
    let hasIntermediates = cursor > parametersEnd
    guard cursor < buffer.count else {
      return cursor - index >= Self.longestSequence ? .skip(length: cursor - index) : .incomplete
    }
    let final = buffer[cursor]
    // A byte that cannot be part of a sequence ends it as garbage; it is decoded on its own.
    guard (0x40...0x7E).contains(final) else { return .skip(length: cursor - index) }
    let length = cursor + 1 - index
    guard length <= Self.longestSequence else { return .skip(length: length) }
    let parameterBytes = buffer[parameters..<parametersEnd]
    // Private parameters (`<`, `=`, `>`, `?`: mouse reports, replies) are never keys.
    guard !hasIntermediates, !parameterBytes.contains(where: { $0 >= 0x3C }) else {
      return .skip(length: length)
    }
    if final == UInt8(ascii: "~") {
      let first = parameterBytes.prefix { $0 != UInt8(ascii: ";") }
      guard first.count <= 3, let number = Int(String(decoding: first, as: UTF8.self)),
        let key = Self.tildeKeys[number]
      else { return .skip(length: length) }
      return .key(key, length: length)
    }
    if final == UInt8(ascii: "Z") { return .key(.backTab, length: length) }
    guard let key = Self.finalKeys[final] else { return .skip(length: length) }
    return .key(key, length: length)
  }

  private func decodeUTF8(at index: Int) -> Decoded {
    let lead = buffer[index]
    let length: Int
    var value: UInt32
    // Valid lead bytes, and the range the second byte must be in (no overlong forms, no
    // surrogates, nothing past U+10FFFF).
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
      if lead == 0xE0 { secondRange = 0xA0...0xBF }
      if lead == 0xED { secondRange = 0x80...0x9F }
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
      if lead == 0xF0 { secondRange = 0x90...0xBF }
      if lead == 0xF4 { secondRange = 0x80...0x8F }
    default:
      return .skip(length: 1)
    }
    for offset in 1..<length {
      guard index + offset < buffer.count else { return .incomplete }
      let byte = buffer[index + offset]
      let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(byte) else { return .skip(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else {
      return .skip(length: length)
    }
    return .key(.character(Character(scalar)), length: length)
  }

  /// The keys of final bytes shared by CSI and SS3.
  private static let finalKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
  ]

  /// The keys of `ESC [ n ~` (vt220 and rxvt numbering).
  private static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
  ]
}
