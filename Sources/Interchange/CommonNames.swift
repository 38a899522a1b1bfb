import Glibc

/// The names of components, properties and parameters most content lines have, as constants:
/// a name read is one of these when its letters spell it in any case, instead of a string
/// made of its bytes (which costs more than finding it here).
///
/// A table of 256 slots: a name's length and first, middle and last letters choose its slot
/// (or the next one, when that is taken), whose name is compared whole.
enum CommonNames {
  /// The index of `BEGIN`, always found.
  static let begin = 0
  /// The index of `END`, always found.
  static let end = 1

  /// The common name `bytes` spell, ASCII letters in any case; nil for any other.
  static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    index(bytes).map(name(at:))
  }

  /// The common name at `index` (`index(_:)`'s).
  static func name(at index: Int) -> String { strings[index] }

  /// The index of the common name `bytes` spell, ASCII letters in any case; nil for any other.
  static func index(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    guard count >= 2, let base = bytes.baseAddress else { return nil }
    let table = Self.table
    var slot = slot(count, base[0] | 0x20, base[count / 2] | 0x20, base[count - 1] | 0x20)
    probing: for _ in 0..<2 {
      let index = Int(table.slots[slot])
      guard index >= 0 else { return nil }
      slot = (slot + 1) & 255
      let start = Int(table.starts[index])
      guard Int(table.starts[index + 1]) - start == count else { continue }
      let name = table.letters + start
      // Most names are written upper-case: compared whole before letter by letter.
      if memcmp(base, name, count) != 0 {
        for offset in 0..<count where upper(base[offset]) != name[offset] { continue probing }
      }
      return index
    }
    return nil
  }

  private static func upper(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
  }

  /// The slot, 0..<256, of a name of `count` bytes with these bytes, folded (`| 0x20`: a
  /// letter's two cases are one byte, and the names' other bytes, digits and `-`, are kept; a
  /// choice of factors that gives the names below no more than two to a slot).
  private static func slot(_ count: Int, _ first: UInt8, _ middle: UInt8, _ last: UInt8) -> Int {
    (count &+ Int(first) &* 5 &+ Int(middle) &* 29 &+ Int(last) &* 23) & 255
  }

  /// The names, `BEGIN` and `END` first (so that their slots are always free).
  static let strings = [
    "BEGIN", "END", "VCALENDAR", "VEVENT", "VTIMEZONE", "VALARM", "VJOURNAL", "VTODO",
    "STANDARD", "DAYLIGHT", "VERSION", "PRODID", "CALSCALE", "METHOD", "UID", "DTSTAMP",
    "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION", "STATUS", "RRULE",
    "RDATE", "EXDATE", "RECURRENCE-ID", "SEQUENCE", "CREATED", "LAST-MODIFIED", "TRANSP",
    "CLASS", "CATEGORIES", "ORGANIZER", "ATTENDEE", "URL", "PRIORITY", "TZID", "TZOFFSETFROM",
    "TZOFFSETTO", "TZNAME", "ACTION", "TRIGGER", "X-WR-TIMEZONE", "X-WR-CALNAME", "VALUE",
    "RANGE", "CN", "LANGUAGE", "X-CALPAGER-CREATED", "X-CALPAGER-UPDATED", "X-CALPAGER-BODY",
  ]

  /// The names' bytes one after another (`letters`), where each starts there and one more,
  /// the end (`starts`), and the index of the name in each of the 256 slots, -1 for none (a
  /// name whose two slots are taken is left out: it is then made from its bytes, as any
  /// other).
  ///
  /// Made once, kept for the life of the process and never written after (hence safe to
  /// share): read without holding arrays.
  private struct Table {
    let letters: UnsafePointer<UInt8>
    let starts: UnsafePointer<Int32>
    let slots: UnsafePointer<Int8>
  }

  nonisolated(unsafe) private static let table: Table = {
    let bytes = Array(strings.joined().utf8)
    let letters = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    letters.initialize(from: bytes, count: bytes.count)
    let starts = UnsafeMutablePointer<Int32>.allocate(capacity: strings.count + 1)
    starts[0] = 0
    for (index, name) in strings.enumerated() {
      starts[index + 1] = starts[index] + Int32(name.utf8.count)
    }
    let slots = UnsafeMutablePointer<Int8>.allocate(capacity: 256)
    slots.initialize(repeating: -1, count: 256)
    for (index, name) in strings.enumerated() {
      let bytes = Array(name.utf8)
      let slot = slot(
        bytes.count, bytes[0] | 0x20, bytes[bytes.count / 2] | 0x20, bytes[bytes.count - 1] | 0x20)
      if slots[slot] < 0 {
        slots[slot] = Int8(index)
      } else if slots[(slot + 1) & 255] < 0 {
        slots[(slot + 1) & 255] = Int8(index)
      }
    }
    return Table(letters: letters, starts: starts, slots: slots)
  }()
}
