/// Decodes the bytes a terminal sends into keys: pure, so that every sequence is tested
/// without a terminal.
///
/// Understood: printable UTF-8 characters; CR and LF (Enter), Tab, DEL and BS (Backspace),
/// other C0 controls as `Key.control`; the xterm/tmux sequences for the arrows, Home, End,
/// Insert, Delete, Page Up and Page Down in both their CSI (`ESC [ A`, `ESC [ 5 ~`) and SS3
/// (`ESC O A`, application mode) forms, with xterm's modifiers (`ESC [ 1 ; 5 C` is Ctrl-Right:
/// `Key.modified`), and Shift-Tab (`ESC [ Z`). A bracketed paste (`ESC [ 200 ~`, the text,
/// `ESC [ 201 ~`) is one `Key.paste` holding the text, whatever bytes it holds (an empty
/// paste is no key). Any other complete escape sequence (function keys, mouse reports) is
/// skipped whole; so are invalid UTF-8 and C1 controls.
///
/// A bare ESC cannot be told from the start of a sequence by its bytes alone: `next()` leaves
/// it pending (`isPending`), and the reader calls `flush()` when no further byte came within a
/// short time, which makes it `.escape`. ESC followed by a byte that starts no sequence is
/// `.escape` and then that byte's key (so Alt-x is Escape, then x: the line editor reads
/// Escape as the Meta prefix, as Emacs does). Inside a paste nothing times out: the text
/// waits for its end marker (`isPasting`).
package struct KeyDecoder: Sendable {
  private var buffer: [UInt8] = []
  /// Bytes before `start` are decoded.
  private var start = 0
  /// Whether the bytes from `start` on are pasted text, up to the end marker.
  package private(set) var isPasting = false
  /// How many bytes of the paste, from `start`, are known to hold no end marker.
  private var pasteScanned = 0

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

  /// Whether bytes are waiting: a key not decoded yet, the start of a sequence, or a paste
  /// not ended yet.
  package var isPending: Bool { start < buffer.count || isPasting }

  /// The next complete key, or nil when nothing complete is waiting (the buffer is empty or
  /// ends in an unfinished sequence, which more bytes or `flush()` settle).
  package mutating func next() -> Key? {
    while start < buffer.count || isPasting {
      if isPasting {
        guard let text = pastedText() else { return nil }
        if text.isEmpty { continue }
        return .paste(text)
      }
      switch decode(at: start) {
      case .key(let key, let length):
        start += length
        return key
      case .skip(let length):
        start += length
      case .pasteStart(let length):
        start += length
        isPasting = true
        pasteScanned = 0
      case .incomplete:
        return nil
      }
    }
    return nil
  }

  /// Settles what is pending once no more bytes came: a lone ESC is `.escape`; an unfinished
  /// sequence or UTF-8 character is dropped.
  ///
  /// A paste is not settled: it waits for its end.
  package mutating func flush() -> Key? {
    if let key = next() { return key }
    guard !isPasting else { return nil }
    defer {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    return buffer.count - start == 1 && buffer[start] == 0x1B ? .escape : nil
  }

  private enum Decoded {
    case key(Key, length: Int)
    case skip(length: Int)
    case pasteStart(length: Int)
    case incomplete
  }

  /// `ESC [ 201 ~`, the end of a bracketed paste.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The pasted text once its end marker is in the buffer (the marker consumed, the paste
  /// over); nil while it is not.
  ///
  /// Line breaks (CR LF, CR, LF) become `\n`; invalid UTF-8 becomes U+FFFD.
  ///
  /// - Complexity: O(*n*) in the bytes that arrived since the last call.
  private mutating func pastedText() -> String? {
    let marker = Self.pasteEnd
    var index = start + max(pasteScanned - (marker.count - 1), 0)
    while index + marker.count <= buffer.count {
      if buffer[index] == 0x1B && buffer[index..<index + marker.count].elementsEqual(marker) {
        let text = Self.pasteText(buffer[start..<index])
        start = index + marker.count
        isPasting = false
        pasteScanned = 0
        return text
      }
      index += 1
    }
    pasteScanned = buffer.count - start
    return nil
  }

  /// The text of a paste's bytes, its line breaks made `\n`.
  private static func pasteText(_ bytes: ArraySlice<UInt8>) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var afterCR = false
    for byte in bytes {
      if byte == 0x0A && afterCR {
        afterCR = false
        continue
      }
      afterCR = byte == 0x0D
      normalized.append(afterCR ? 0x0A : byte)
    }
    return String(decoding: normalized, as: UTF8.self)
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
    let fields = parameterBytes.split(
      separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    // xterm's modifiers: the second parameter, one plus Shift 1, Alt 2, Ctrl 4 (Meta 8 is
    // read as Alt).
    var modifiers = KeyModifiers(rawValue: 0)
    if fields.count > 1 {
      guard fields[1].count <= 3, let value = Int(String(decoding: fields[1], as: UTF8.self))
      else { return .skip(length: length) }
      let bits = max(value - 1, 0)
      modifiers = KeyModifiers(rawValue: (bits & 7) | (bits & 8 == 0 ? 0 : 2))
    }
    let key: Key
    if final == UInt8(ascii: "~") {
      let first = fields.first ?? []
      guard first.count <= 3, let number = Int(String(decoding: first, as: UTF8.self)) else {
        return .skip(length: length)
      }
      if number == 200 && fields.count == 1 { return .pasteStart(length: length) }
      guard let tildeKey = Self.tildeKeys[number] else { return .skip(length: length) }
      key = tildeKey
    } else if final == UInt8(ascii: "Z") {
      return .key(.backTab, length: length)
    } else {
      guard let finalKey = Self.finalKeys[final] else { return .skip(length: length) }
      key = finalKey
    }
    return .key(modifiers.isEmpty ? key : .modified(key, modifiers), length: length)
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
