/// The names of components, properties and parameters most content lines have, as constants:
/// a name read is one of these when its letters spell it in any case, instead of a string
/// made of its bytes (which costs more than finding it here).
///
/// A table of 256 slots: a name's length and first, middle and last letters choose its slot
/// (or the next one, when that is taken), whose name is compared whole.
enum CommonNames {
  /// The common name `bytes` spell, ASCII letters in any case; nil for any other.
  static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let count = bytes.count
    guard count >= 2, let base = bytes.baseAddress else { return nil }
    var slot = slot(count, upper(base[0]), upper(base[count / 2]), upper(base[count - 1]))
    probing: for _ in 0..<2 {
      let index = Int(slots[slot])
      guard index >= 0 else { return nil }
      slot = (slot + 1) & 255
      let start = starts[index]
      guard starts[index + 1] - start == count else { continue }
      let name = letters + start
      // Most names are written upper-case: compared a word at a time before letter by letter.
      if !sameBytes(base, name, count) {
        for offset in 0..<count where upper(base[offset]) != name[offset] { continue probing }
      }
      return strings[index]
    }
    return nil
  }

  /// Whether the `count` bytes at `a` and `b` are the same.
  private static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int)
    -> Bool
  {
    var offset = 0
    while offset + 4 <= count {
      guard
        UnsafeRawPointer(a + offset).loadUnaligned(as: UInt32.self)
          == UnsafeRawPointer(b + offset).loadUnaligned(as: UInt32.self)
      else { return false }
      offset += 4
    }
    while offset < count {
      guard a[offset] == b[offset] else { return false }
      offset += 1
    }
    return true
  }

  private static func upper(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
  }

  /// The slot, 0..<256, of a name of `count` bytes with these letters (a choice that gives
  /// the names below few collisions).
  private static func slot(_ count: Int, _ first: UInt8, _ middle: UInt8, _ last: UInt8) -> Int {
    (count &+ Int(first) &* 5 &+ Int(middle) &* 29 &+ Int(last) &* 23) & 255
  }

  private static let strings = [
    "BEGIN", "END", "VCALENDAR", "VEVENT", "VTIMEZONE", "VALARM", "VJOURNAL", "VTODO",
    "STANDARD", "DAYLIGHT", "VERSION", "PRODID", "CALSCALE", "METHOD", "UID", "DTSTAMP",
    "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION", "STATUS", "RRULE",
    "RDATE", "EXDATE", "RECURRENCE-ID", "SEQUENCE", "CREATED", "LAST-MODIFIED", "TRANSP",
    "CLASS", "CATEGORIES", "ORGANIZER", "ATTENDEE", "URL", "PRIORITY", "TZID", "TZOFFSETFROM",
    "TZOFFSETTO", "TZNAME", "ACTION", "TRIGGER", "X-WR-TIMEZONE", "X-WR-CALNAME", "VALUE",
    "RANGE", "CN", "LANGUAGE", "X-CALPAGER-CREATED", "X-CALPAGER-UPDATED", "X-CALPAGER-BODY",
  ]

  /// The names' bytes one after another.
  ///
  /// Kept for the life of the process and never written after they are made (hence safe to
  /// share), so that they are read without holding an array.
  nonisolated(unsafe) private static let letters: UnsafePointer<UInt8> = {
    let bytes = Array(strings.joined().utf8)
    let letters = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    letters.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(letters)
  }()
  /// Where each name starts in `letters`, and one more: the end.
  private static let starts = strings.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }

  /// The index of the name in each slot, -1 for none (a name whose two slots are taken is
  /// left out: it is then made from its bytes, as any other).
  private static let slots: [Int8] = {
    var slots = [Int8](repeating: -1, count: 256)
    for (index, name) in strings.enumerated() {
      let bytes = Array(name.utf8)
      let slot = slot(bytes.count, bytes[0], bytes[bytes.count / 2], bytes[bytes.count - 1])
      if slots[slot] < 0 {
        slots[slot] = Int8(index)
      } else if slots[(slot + 1) & 255] < 0 {
        slots[(slot + 1) & 255] = Int8(index)
      }
    }
    return slots
  }()
}
