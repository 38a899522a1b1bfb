/// The number of terminal columns text takes up.
///
/// East Asian Wide and Fullwidth characters and emoji shown as emoji take 2 columns;
/// combining marks, format characters (such as zero-width spaces and joiners) and control
/// characters take 0; everything else 1. Emoji sequences count as the one glyph terminals draw:
/// a variation selector 16 widens the character before it to 2, a skin tone after an emoji
/// adds nothing, and an emoji joined to the one before it by a zero-width joiner adds nothing.
/// The width of a character comes from sorted tables (see `DisplayWidth+Tables.swift`);
/// ASCII never reaches them.
public enum DisplayWidth {
  /// The columns a terminal gives `text`.
  ///
  /// - Complexity: O(*n*) in the scalars of `text`, with a table search of O(log 500) for
  ///   each scalar past U+02FF.
  public static func of(_ text: some StringProtocol) -> Int {
    width(of: text.unicodeScalars)
  }

  /// The columns a terminal gives `text`: `of(_:)` for a `String`, over its UTF-8 bytes (the
  /// generic one, called from another module, runs unspecialized and about 10 times slower).
  public static func of(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { width(ofUTF8: $0) }
  }

  /// The columns a terminal gives `text`: `of(_:)` for a `Substring`, over its UTF-8 bytes.
  public static func of(_ text: Substring) -> Int {
    var text = text
    return text.withUTF8 { width(ofUTF8: $0) }
  }

  /// The columns of valid UTF-8 `bytes`: ASCII is measured from the byte, other scalars are
  /// decoded and measured as `of(_:)` measures them.
  public static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    width(ofUTF8: bytes)
  }

  private static func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var total = 0
    var state = State()
    var index = 0
    while index < bytes.count {
      let lead = UInt32(bytes[index])
      if lead < 0x7F {
        total += state.advance(by: Unicode.Scalar(UInt8(lead)))
        index += 1
        continue
      }
      var value: UInt32
      var length: Int
      if lead < 0x80 {
        (value, length) = (lead, 1)
      } else if lead < 0xE0 {
        (value, length) = (lead & 0x1F, 2)
      } else if lead < 0xF0 {
        (value, length) = (lead & 0x0F, 3)
      } else {
        (value, length) = (lead & 0x07, 4)
      }
      for offset in 1..<length {
        value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
      }
      total += state.advance(by: Unicode.Scalar(value) ?? "\u{FFFD}")
      index += length
    }
    return total
  }

  @inline(__always)
  private static func width(of scalars: some Sequence<Unicode.Scalar>) -> Int {
    var total = 0
    var state = State()
    for scalar in scalars {
      total += state.advance(by: scalar)
    }
    return total
  }

  /// The longest prefix of `text`, in whole characters, that fits in `columns` columns, and
  /// its width.
  ///
  /// - Complexity: O(*n*) in the characters of the prefix.
  public static func prefix(
    of text: Substring, fittingIn columns: Int
  ) -> (prefix: Substring, width: Int) {
    var width = 0
    var end = text.startIndex
    for character in text {
      var state = State()
      var characterWidth = 0
      for scalar in character.unicodeScalars {
        characterWidth += state.advance(by: scalar)
      }
      guard width + characterWidth <= columns else { break }
      width += characterWidth
      end = text.index(after: end)
    }
    return (text[..<end], width)
  }

  /// The columns of `scalar` on its own: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 {
      // ASCII and Latin-1: controls (C0, DEL and C1) are 0, the rest 1.
      return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1
    }
    // The CJK ideographs (and the syllabaries and symbols around them) and Hangul syllables:
    // ranges of the double-width table with no zero-width scalar inside, decided without the
    // searches (DisplayWidthTests checks them against the tables).
    if (0x3220...0xA48C).contains(value) || (0xAC00...0xD7A3).contains(value) { return 2 }
    if contains(zeroWidthRanges, value) { return 0 }
    if contains(doubleWidthRanges, value) { return 2 }
    return 1
  }

  /// Whether `value` lies in one of the sorted, disjoint `ranges`.
  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    ranges.sortedRangesContain(value)
  }

  /// What the scalars read so far mean for the next one.
  private struct State {
    /// The width of the last scalar that took columns.
    var lastWidth = 0
    /// Whether the last scalar was a zero-width joiner after a wide glyph.
    var joining = false

    /// The columns `scalar` adds after the scalars already read.
    mutating func advance(by scalar: Unicode.Scalar) -> Int {
      let value = scalar.value
      if value < 0x7F {
        joining = false
        guard value >= 0x20 else { return 0 }
        lastWidth = 1
        return 1
      }
      if joining {
        // The joined emoji is drawn inside the glyph before it.
        joining = false
        return 0
      }
      switch value {
      case 0x200D:
        joining = lastWidth == 2
        return 0
      case 0xFE0F:
        // Emoji presentation: a narrow character before it is drawn as a wide emoji.
        guard lastWidth == 1 else { return 0 }
        lastWidth = 2
        return 1
      case 0x1F3FB...0x1F3FF where lastWidth == 2:
        // A skin tone modifies the emoji before it.
        return 0
      default:
        let width = DisplayWidth.of(scalar)
        if width > 0 { lastWidth = width }
        return width
      }
    }
  }
}

extension Array where Element == ClosedRange<UInt32> {
  /// Whether `value` lies in one of these ranges, which are sorted and disjoint: a binary
  /// search.
  ///
  /// - Complexity: O(log n).
  public func sortedRangesContain(_ value: UInt32) -> Bool {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < count && self[low].lowerBound <= value
  }
}
