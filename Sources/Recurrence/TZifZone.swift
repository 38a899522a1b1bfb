/// A zone read from a TZif file (RFC 8536, versions 1 to 4), as the system's tz database
/// (`/usr/share/zoneinfo`) holds them: its table of transitions, and the POSIX rule of its
/// footer for the instants past the table.
///
/// Read from the bytes alone, so zones work in the fully static build (which has no zone
/// code of the C library to ask). The version 2+ data block (64-bit times) is used when the
/// file has one. Leap-second records (the `right/` zones) are applied: their transition times
/// count leap seconds and are turned into the POSIX seconds every other instant here counts.
/// Before the first transition the first local time type applies (RFC 8536 §3.2).
public struct TZifZone: ZoneRules {
  let table: TransitionTable
  /// The footer's rule, for instants from `footerStart` on; nil when the file has none.
  let footer: PosixZone?
  /// The instant from which the footer alone answers: the table's last transition, or the
  /// last of the footer's own that the table was extended with.
  let footerStart: Int

  /// The zone of a TZif file's bytes.
  ///
  /// - Throws: `ZoneError.invalidTZif` saying what is wrong: a bad header or version, a
  ///   count or index out of range, a file shorter than its counts say, transitions out of
  ///   order, an offset out of RFC 8536's range, or a footer that is not a POSIX rule.
  public init(bytes: [UInt8]) throws(ZoneError) {
    var reader = TZifReader(bytes: bytes)
    let header = try reader.header()
    let block: TZifReader.Block
    var footer: PosixZone?
    if header.version >= 2 {
      // RFC 8536 §4: a reader of version 2+ skips the version 1 block, whose 32-bit times the
      // second block repeats in 64 bits.
      try reader.skipBlock(header, timeSize: 4)
      let second = try reader.header()
      block = try reader.block(second, timeSize: 8)
      footer = try reader.footer()
    } else {
      block = try reader.block(header, timeSize: 4)
    }
    var changes: [(instant: Int, offset: Int)] = []
    changes.reserveCapacity(block.transitions.count + 2)
    for (time, type) in zip(block.transitions, block.transitionTypes) {
      changes.append((block.posixSeconds(time), block.offsets[type]))
    }
    // RFC 8536 §3.2: with no transitions the footer (when there is one) governs every
    // instant; else the table ends at its last transition, extended by the footer's own
    // transitions up to the end of the next year, so the hand-over is never near a change.
    var footerStart = Int.min
    if let footer, let last = changes.last?.instant {
      if let daylight = footer.daylight {
        let year = Civil.year(ofDayNumber: Civil.floorDivide(InstantBounds.clamp(last), 86_400))
        var previous = changes[changes.count - 1].offset
        for change in PosixZone.changes(
          daylight, standard: footer.standardOffset, years: year...year + 1)
        where change.instant > last {
          let offset = change.isDaylight ? daylight.offset : footer.standardOffset
          if offset != previous { changes.append((change.instant, offset)) }
          previous = offset
        }
      }
      footerStart = InstantBounds.clamp(changes[changes.count - 1].instant)
    }
    table = TransitionTable(initialOffset: block.offsets[0], changes: changes)
    self.footer = footer
    self.footerStart = footerStart
  }

  /// The offset in force at `unixSeconds`.
  ///
  /// - Complexity: O(log n) in the file's transitions.
  public func utcOffset(at unixSeconds: Int) -> Int {
    if let footer, unixSeconds >= footerStart { return footer.utcOffset(at: unixSeconds) }
    return table.utcOffset(at: unixSeconds)
  }

  /// The instant of `local`: in a gap at the offset before it, in an overlap the first.
  ///
  /// - Complexity: O(log n) in the file's transitions.
  public func instant(of local: LocalDateTime) -> Int {
    let seconds = local.secondsSinceEpoch
    if let footer, footerStart == Int.min || seconds >= footerStart + InstantBounds.margin {
      return footer.instant(of: local)
    }
    return seconds - table.offset(forLocal: seconds)
  }
}

/// Reads the parts of a TZif file, checking each count against what is left.
struct TZifReader {
  let bytes: [UInt8]
  var position = 0

  struct Header {
    let version: Int
    let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int
  }

  struct Block {
    var transitions: [Int] = []
    var transitionTypes: [Int] = []
    var offsets: [Int] = []
    /// Leap-second records: the time each occurs and the total correction from then on.
    var leaps: [(occurrence: Int, correction: Int)] = []

    /// A transition time of the file as POSIX seconds, less the leap seconds counted in it.
    ///
    /// Clamped into `InstantBounds` first (zic writes -2^59 for "the beginning of time").
    func posixSeconds(_ time: Int) -> Int {
      let time = InstantBounds.clamp(time)
      guard !leaps.isEmpty else { return time }
      var correction = 0
      for leap in leaps where leap.occurrence <= time {
        correction = max(-86_400, min(86_400, leap.correction))
      }
      return time - correction
    }
  }

  /// The largest count a real file has, far above the tz database's (about 250 transitions).
  static let countLimit = 1 << 20

  mutating func header() throws(ZoneError) -> Header {
    guard position + 44 <= bytes.count else { throw .invalidTZif("shorter than its header") }
    guard bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
      throw .invalidTZif("no TZif magic")
    }
    let versionByte = bytes[position + 4]
    let version: Int
    switch versionByte {
    case 0: version = 1
    case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
    default: throw .invalidTZif("unknown version")
    }
    position += 20
    var counts: [Int] = []
    for _ in 0..<6 {
      let count = signed(4)
      guard count >= 0, count <= Self.countLimit else { throw .invalidTZif("a count out of range") }
      counts.append(count)
    }
    let header = Header(
      version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
      timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
    guard header.typeCount >= 1 else { throw .invalidTZif("no local time types") }
    guard header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
      header.isStandardCount == 0 || header.isStandardCount == header.typeCount
    else { throw .invalidTZif("indicator counts differ from the type count") }
    return header
  }

  /// The bytes of a data block of `header` with times of `timeSize` bytes.
  static func length(of header: Header, timeSize: Int) -> Int {
    header.timeCount * (timeSize + 1) + header.typeCount * 6 + header.characterCount
      + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount
  }

  /// Passes over a data block of `header`, checking only that the file holds it.
  mutating func skipBlock(_ header: Header, timeSize: Int) throws(ZoneError) {
    let length = Self.length(of: header, timeSize: timeSize)
    guard length <= bytes.count - position else {
      throw .invalidTZif("shorter than its counts say")
    }
    position += length
  }

  mutating func block(_ header: Header, timeSize: Int) throws(ZoneError) -> Block {
    guard Self.length(of: header, timeSize: timeSize) <= bytes.count - position else {
      throw .invalidTZif("shorter than its counts say")
    }
    var block = Block()
    block.transitions.reserveCapacity(header.timeCount)
    block.transitionTypes.reserveCapacity(header.timeCount)
    block.offsets.reserveCapacity(header.typeCount)
    for _ in 0..<header.timeCount {
      let time = signed(timeSize)
      if let last = block.transitions.last, time <= last {
        throw .invalidTZif("transition times out of order")
      }
      block.transitions.append(time)
    }
    for _ in 0..<header.timeCount {
      let type = Int(bytes[position])
      position += 1
      guard type < header.typeCount else { throw .invalidTZif("a transition's type out of range") }
      block.transitionTypes.append(type)
    }
    for _ in 0..<header.typeCount {
      let offset = signed(4)
      // RFC 8536 §3.2: -89999…93599 (within a day either way, and never -2^31).
      guard (-89_999...93_599).contains(offset) else {
        throw .invalidTZif("an offset out of range")
      }
      let isDaylight = bytes[position]
      let abbreviation = Int(bytes[position + 1])
      position += 2
      guard isDaylight <= 1 else { throw .invalidTZif("a daylight flag other than 0 or 1") }
      guard abbreviation < max(header.characterCount, 1) else {
        throw .invalidTZif("an abbreviation index out of range")
      }
      block.offsets.append(offset)
    }
    position += header.characterCount
    for _ in 0..<header.leapCount {
      let occurrence = signed(timeSize)
      let correction = signed(4)
      block.leaps.append((occurrence, correction))
    }
    position += header.isStandardCount + header.isUTCCount
    return block
  }

  /// The footer's rule: nil when it is empty (no rule past the table).
  mutating func footer() throws(ZoneError) -> PosixZone? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else {
      throw .invalidTZif("no footer after the version 2 data")
    }
    let start = position + 1
    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      throw .invalidTZif("an unterminated footer")
    }
    position = end + 1
    guard end > start else { return nil }
    do {
      return try PosixZone(parsing: String(decoding: bytes[start..<end], as: UTF8.self))
    } catch {
      throw .invalidTZif("a footer that is not a POSIX rule")
    }
  }

  /// A big-endian two's-complement integer of `size` bytes (4 or 8).
  mutating func signed(_ size: Int) -> Int {
    var value: UInt64 = 0
    for index in position..<position + size { value = value << 8 | UInt64(bytes[index]) }
    position += size
    if size == 4 { return Int(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
    return Int(Int64(bitPattern: value))
  }
}
