import DisplayText
import Synchronization

/// One `STANDARD` or `DAYLIGHT` observance of a `VTIMEZONE` (RFC 5545 §3.6.5), as values: what
/// Interchange reads from the component and hands down, so this module needs no iCalendar
/// parser.
public struct VTimeZoneObservance: Sendable {
  /// Which of the two the observance is.
  public enum Kind: Sendable, Hashable {
    /// `STANDARD`.
    case standard
    /// `DAYLIGHT`.
    case daylight
  }

  /// `STANDARD` or `DAYLIGHT`.
  public var kind: Kind
  /// `DTSTART`: the first onset, on the wall clock in force before it (`TZOFFSETFROM`'s).
  public var start: LocalDateTime
  /// `TZOFFSETFROM`, seconds east of UTC: the offset before each onset.
  public var offsetFrom: Int
  /// `TZOFFSETTO`, seconds east of UTC: the offset from each onset on.
  public var offsetTo: Int
  /// The `RRULE`s giving the later onsets.
  public var rules: [RecurrenceRule]
  /// The `RDATE`s giving the later onsets: local times on the `TZOFFSETFROM` clock (a UTC
  /// value is taken at its instant, a DATE at its midnight).
  public var dates: [DateTimeValue]

  /// An observance from its properties.
  public init(
    kind: Kind, start: LocalDateTime, offsetFrom: Int, offsetTo: Int,
    rules: [RecurrenceRule] = [], dates: [DateTimeValue] = []
  ) {
    self.kind = kind
    self.start = start
    self.offsetFrom = offsetFrom
    self.offsetTo = offsetTo
    self.rules = rules
    self.dates = dates
  }

  /// Reads a UTC-OFFSET value (`+0200`, `-0530`, `+013045`) as seconds east of UTC.
  ///
  /// - Throws: `ZoneError.invalidTimeZone` naming the text.
  public static func offset(parsing text: some StringProtocol) throws(ZoneError) -> Int {
    let bytes = Array(text.utf8)
    guard bytes.count == 5 || bytes.count == 7,
      bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      let hours = ValueScanner.number(bytes[1..<3]), hours < 24,
      let minutes = ValueScanner.number(bytes[3..<5]), minutes < 60,
      let seconds = bytes.count == 7 ? ValueScanner.number(bytes[5..<7]) : 0, seconds < 60
    else { throw .invalidTimeZone("\(Quote.quoted(text)) is not a UTC offset such as +0200") }
    let value = hours * 3600 + minutes * 60 + seconds
    return bytes[0] == UInt8(ascii: "-") ? -value : value
  }
}

/// A zone built from a `VTIMEZONE`'s observances: each onset (its `DTSTART`, `RRULE`s and
/// `RDATE`s, expanded by `RecurrenceSet`) changes the offset from `TZOFFSETFROM` to
/// `TZOFFSETTO`.
///
/// Expanded lazily: a query computes the onsets of the three years around its instant, and
/// keeps them (a few dozen such ranges at most), never the whole of the rules' years. Before
/// the first onset of all the zone is at that onset's `TZOFFSETFROM`.
public struct VTimeZoneRules: ZoneRules {
  /// The observances, as given.
  public let observances: [VTimeZoneObservance]
  /// Each observance's onsets, its `TZOFFSETTO`, and its place among onsets at one instant.
  let onsets: [(series: RecurrenceSet, offset: Int, order: Int)]
  let offsetBeforeAll: Int
  let cache = RangeCache()

  /// The zone of `observances`.
  ///
  /// - Throws: `ZoneError.invalidTimeZone` when there are none, an offset is a day or more,
  ///   or a rule recurs more often than daily (a zone changing its clock every hour is no
  ///   zone, and would make every query expand thousands of onsets).
  public init(observances: [VTimeZoneObservance]) throws(ZoneError) {
    guard !observances.isEmpty else { throw .invalidTimeZone("no STANDARD or DAYLIGHT") }
    var onsets: [(series: RecurrenceSet, offset: Int, order: Int)] = []
    var first: (instant: Int, offset: Int)?
    for observance in observances {
      guard abs(observance.offsetFrom) < 86_400, abs(observance.offsetTo) < 86_400 else {
        throw .invalidTimeZone("an offset of a day or more")
      }
      guard observance.rules.allSatisfy({ $0.frequency >= .daily }) else {
        throw .invalidTimeZone("an observance that recurs more often than daily")
      }
      let clock = FixedOffsetZone(offset: observance.offsetFrom)
      let series = RecurrenceSet(
        start: .zoned(observance.start, clock), rules: observance.rules,
        dates: observance.dates.map { .value($0) })
      onsets.append((series, observance.offsetTo, observance.kind == .standard ? 1 : 0))
      let instant = observance.start.secondsSinceEpoch - observance.offsetFrom
      if first == nil || instant < first!.instant
        || (instant == first!.instant && observance.kind == .daylight)
      {
        first = (instant, observance.offsetFrom)
      }
    }
    self.observances = observances
    self.onsets = onsets
    offsetBeforeAll = first!.offset
  }

  /// The offset in force at `unixSeconds`.
  ///
  /// - Complexity: O(log n) once the onsets of its years are known; their first query
  ///   expands the rules over three years.
  public func utcOffset(at unixSeconds: Int) -> Int {
    let seconds = InstantBounds.clamp(unixSeconds)
    return table(year: Civil.year(ofDayNumber: Civil.floorDivide(seconds, 86_400)))
      .utcOffset(at: seconds)
  }

  /// The instant of `local`: in a gap at the offset before it, in an overlap the first.
  public func instant(of local: LocalDateTime) -> Int {
    let seconds = local.secondsSinceEpoch
    return seconds - table(year: local.day.year).offset(forLocal: seconds)
  }

  /// The onsets of `year - 1` to `year + 1` (years outside 1…9999 moved to the nearest).
  func table(year: Int) -> TransitionTable {
    let year = min(max(year, 1), 9999)
    if let table = cache.table(year) { return table }
    let low = Civil.dayNumber(year: year - 1, month: 1, day: 1) * 86_400
    let high = Civil.dayNumber(year: year + 2, month: 1, day: 1) * 86_400
    var changes: [(instant: Int, order: Int, offset: Int)] = []
    var before: (instant: Int, order: Int, offset: Int)?
    for onset in onsets {
      // Up to one onset a day (the most a rule may give) over the three years.
      let found = onset.series.instances(
        in: low..<high, userZone: FixedOffsetZone.utc, limit: 1100)
      changes += found.instances.map { ($0.instant, onset.order, onset.offset) }
      if let previous = onset.series.lastInstance(before: low, userZone: FixedOffsetZone.utc)
        .instance,
        before == nil || (previous.instant, onset.order) > (before!.instant, before!.order)
      {
        before = (previous.instant, onset.order, onset.offset)
      }
    }
    // Onsets at one instant (Outlook starts both observances on 1601-01-01): the standard
    // one last, so the zone is then in standard time.
    changes.sort { ($0.instant, $0.order) < ($1.instant, $1.order) }
    let table = TransitionTable(
      initialOffset: before?.offset ?? offsetBeforeAll,
      changes: changes.map { ($0.instant, $0.offset) })
    cache.store(table, year: year)
    return table
  }
}

/// The onsets a `VTimeZoneRules` has computed, by the year they are centred on; shared by
/// the copies of one zone, and emptied when it grows past a few dozen years.
final class RangeCache: Sendable {
  let tables = Mutex<[Int: TransitionTable]>([:])

  func table(_ year: Int) -> TransitionTable? {
    tables.withLock { $0[year] }
  }

  func store(_ table: TransitionTable, year: Int) {
    tables.withLock {
      if $0.count >= 48 { $0.removeAll(keepingCapacity: true) }
      $0[year] = table
    }
  }
}
