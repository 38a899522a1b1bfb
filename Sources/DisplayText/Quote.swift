/// The one way a message shows what the user gave: a word, a value, a line of a file.
///
/// The text is cut to `limit` characters, on one line with control and invisible characters escaped as
/// `TerminalText.singleLine` shows them, and in single quotes with `quoted`. A message is then
/// safe on a terminal whatever the input held.
public enum Quote {
  /// The most Unicode scalars of input a message shows.
  public static let limit = 64

  /// `text` cut after `limit` Unicode scalars (with `…` where it was cut), escaped for one
  /// line of a terminal.
  public static func text(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > limit else { return TerminalText.singleLine(String(text)) }
    var cut = String.UnicodeScalarView()
    cut.append(contentsOf: scalars.prefix(limit))
    return TerminalText.singleLine(String(cut)) + "…"
  }

  /// `'text'`: `text(_:)` in single quotes.
  public static func quoted(_ text: some StringProtocol) -> String {
    "'" + Quote.text(text) + "'"
  }

  /// `'path'`, whole (a path cut short names no file), escaped for one line of a terminal.
  public static func path(_ path: some StringProtocol) -> String {
    "'" + TerminalText.singleLine(String(path)) + "'"
  }

  /// Bytes read as UTF-8 (invalid sequences shown as U+FFFD), then as `text(_:)`.
  public static func bytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    // Decode a little more than is shown, so the cut is made on characters, not bytes.
    let prefix = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, limit * 4 + 4)])
    let cut = text(String(decoding: prefix, as: UTF8.self))
    return prefix.count < bytes.count && !cut.hasSuffix("…") ? cut + "…" : cut
  }

  /// Bytes read as UTF-8, then as `text(_:)`.
  public static func bytes(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { Quote.bytes($0) }
  }

  /// Bytes read as UTF-8, then as `text(_:)`.
  public static func bytes(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { Quote.bytes($0) }
  }

  /// `U+000A` for a code point.
  public static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Whether a code point is a control character (C0, DEL, C1) or a line or paragraph
  /// separator.
  public static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) || value == 0x2028
      || value == 0x2029
  }
}
