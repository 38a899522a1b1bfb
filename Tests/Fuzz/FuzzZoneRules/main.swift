import CalendarPaging
import Glibc
import Recurrence

/// libFuzzer entry: bytes in, a zone out or a typed error, never a trap; a zone answers every
/// instant and local time (the extremes of `Int` and of the calendar too) with an offset
/// within two days and an instant within two days of the wall-clock time, in bounded time.
///
/// Input: the first byte picks the reader, the rest is its input. `T`: a TZif file's bytes.
/// `P`: a POSIX TZ rule. `V`: a VTIMEZONE's observances, one a line, as
/// `S|D DTSTART TZOFFSETFROM TZOFFSETTO [RRULE] [RDATE,…]` (`D 16010101T020000 +0100 +0200
/// FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  var started = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &started)
  let zone: (any ZoneRules)?
  switch data[0] {
  case UInt8(ascii: "T"): zone = try? TZifZone(bytes: bytes)
  case UInt8(ascii: "P"): zone = try? PosixZone(parsing: String(decoding: bytes, as: UTF8.self))
  case UInt8(ascii: "V"): zone = observances(String(decoding: bytes, as: UTF8.self))
  default: return 0
  }
  if let zone { check(zone, seeds: bytes) }
  var ended = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ended)
  let seconds =
    Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
  precondition(seconds < 8, "one input took \(seconds) s of CPU")
  return 0
}

/// The zone of `V` lines; nil when a line or the zone is not read.
func observances(_ text: String) -> (any ZoneRules)? {
  var list: [VTimeZoneObservance] = []
  for line in text.split(separator: "\n") {
    let fields = line.split(separator: " ")
    guard fields.count >= 4, let start = try? DateTimeValue(parsing: fields[1]).local,
      let from = try? VTimeZoneObservance.offset(parsing: fields[2]),
      let to = try? VTimeZoneObservance.offset(parsing: fields[3])
    else { return nil }
    var rules: [RecurrenceRule] = []
    var dates: [DateTimeValue] = []
    for field in fields.dropFirst(4) {
      if field.hasPrefix("FREQ=") {
        guard let rule = try? RecurrenceRule(parsing: field) else { return nil }
        rules.append(rule)
      } else {
        guard let values = try? DateTimeValue.list(parsing: field) else { return nil }
        dates += values
      }
    }
    list.append(
      VTimeZoneObservance(
        kind: fields[0] == "D" ? .daylight : .standard, start: start, offsetFrom: from,
        offsetTo: to, rules: rules, dates: dates))
  }
  return try? VTimeZoneRules(observances: list)
}

/// Asks `zone` about fixed and input-derived instants and local times.
func check(_ zone: any ZoneRules, seeds: [UInt8]) {
  var instants = [
    Int.min, Int.min + 1, -1, 0, 1, Int.max, -62_135_596_800, 253_402_300_799,
    2_147_483_647, -2_147_483_648, 1_711_846_800, 4_102_444_800,
  ]
  var state: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in seeds.prefix(64) {
    state = (state ^ UInt64(byte)) &* 0x100_0000_01B3
    instants.append(-62_135_596_800 + Int(state % 315_537_897_600))
  }
  let margin = 2 * 86_400
  for instant in instants {
    let offset = zone.utcOffset(at: instant)
    precondition(abs(offset) <= margin, "offset \(offset) at \(instant)")
    guard let local = LocalDateTime(secondsSinceEpoch: instant) else { continue }
    let found = zone.instant(of: local)
    precondition(
      abs(found - local.secondsSinceEpoch) <= margin, "instant \(found) of \(local)")
  }
  for day in [Day.first, Day.last] {
    for second in [0, 86_399] {
      let local = LocalDateTime(day: day, secondOfDay: second)
      precondition(abs(zone.instant(of: local) - local.secondsSinceEpoch) <= margin)
    }
  }
}
