import CalendarPaging
import Glibc
import Recurrence

// The cost of a page in a year no page has shown (`goto 2150-01-01`) over 2,000 recurring
// series like real calendars hold: daily, weekly with exceptions and a moved instance,
// monthly by weekday, yearly; most ending by COUNT or UNTIL; in UTC, fixed offsets and a zone
// with summer time. Each series' extent is learned once (as the integration keeps it in its
// cache), then every page asks each series whose extent may overlap for its occurrences.
//
//   CALPAGER_BENCH_RECURRENCE=1 swift build -c release --product RecurrenceBenchmark \
//     --scratch-path .build-bench-recurrence && .build-bench-recurrence/release/RecurrenceBenchmark

/// EU summer time by rule: +1, and +2 from the last Sunday of March to the last Sunday of
/// October, changing at 01:00 UTC.
struct EuropeanZone: ZoneRules {
  func lastSunday(_ year: Int, _ month: Int) -> Int {
    var day = Day(year: year, month: month, day: 1)!.lastOfMonth
    while day.weekday != .sunday { day = day.previous! }
    return day.dayNumber * 86_400 + 3600
  }
  func utcOffset(at unixSeconds: Int) -> Int {
    let year = Day(unixSeconds: unixSeconds, utcOffset: 3600)?.year ?? 1970
    return (lastSunday(year, 3)..<lastSunday(year, 10)).contains(unixSeconds) ? 7200 : 3600
  }
  func instant(of local: LocalDateTime) -> Int {
    let seconds = local.secondsSinceEpoch
    let year = local.day.year
    let summer = lastSunday(year, 3) + 3600 + 3600..<lastSunday(year, 10) + 7200 + 3600
    return seconds - (summer.contains(seconds) ? 7200 : 3600)
  }
}

/// A small deterministic generator.
struct Random {
  var state: UInt64
  mutating func next(_ range: ClosedRange<Int>) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return range.lowerBound + Int((state >> 33) % UInt64(range.count))
  }
}

/// CPU seconds of this process: less disturbed than the wall clock on a shared machine.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Seconds as milliseconds with two decimals (no Foundation here).
func ms(_ seconds: Double) -> String {
  let hundredths = Int((seconds * 100_000).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

// RECURRENCE_BENCH_RULE='RRULE|START': the summary and a window of that one series, timed.
if let given = getenv("RECURRENCE_BENCH_RULE") {
  let parts = String(cString: given).split(separator: "|")
  guard parts.count == 2, let rule = try? RecurrenceRule(parsing: parts[0]),
    let start = try? DateTimeValue(parsing: parts[1])
  else { fatalError("expected RRULE|START") }
  let one = RecurrenceSet(start: start, rules: [rule])
  var started = now()
  let summary = one.summary(userZone: FixedOffsetZone.utc)
  print("summary: \(ms(now() - started)) ms CPU, end \(summary.end), notices \(summary.notices)")
  started = now()
  let first = start.instant(floatingIn: FixedOffsetZone.utc)
  let window = one.instances(in: first..<first + 400 * 86_400, userZone: FixedOffsetZone.utc)
  print("a window of 400 days: \(ms(now() - started)) ms CPU, \(window.instances.count) instances")
  exit(0)
}

// RECURRENCE_BENCH_FIXED=1: fixed offsets only, to see the expander without a zone's cost.
let fixedOnly = getenv("RECURRENCE_BENCH_FIXED") != nil
let zones: [any ZoneRules] =
  fixedOnly
  ? [FixedOffsetZone.utc, FixedOffsetZone(offset: 3600), FixedOffsetZone(offset: -5 * 3600)]
  : [
    FixedOffsetZone.utc, FixedOffsetZone(offset: 3600), EuropeanZone(), EuropeanZone(),
    FixedOffsetZone(offset: -5 * 3600),
  ]
var random = Random(state: 2024)
var series: [EventSeries] = []
var kinds = [String: Int]()
for index in 0..<2000 {
  let zone = zones[random.next(0...zones.count - 1)]
  let day = Day(
    year: random.next(2015...2025), month: random.next(1...12), day: random.next(1...28))!
  let local = LocalDateTime(
    day: day, secondOfDay: random.next(7...19) * 3600 + random.next(0...3) * 900)
  let start = DateTimeValue.zoned(local, zone)
  let until = Day(
    year: day.year + random.next(0...3), month: random.next(1...12), day: random.next(1...28))!
  let ending = random.next(0...9)  // 0–2 unbounded, 3–6 COUNT, 7–9 UNTIL
  func end(_ base: String) -> String {
    if ending <= 2 { return base }
    if ending <= 6 { return base + ";COUNT=\(random.next(3...60))" }
    return base + ";UNTIL=\(DateTimeValue.utc(LocalDateTime(day: until, secondOfDay: 0)))"
  }
  let weekdays = ["MO", "TU", "WE", "TH", "FR"]
  var text: String
  var exceptions: [DateTimeValue] = []
  var overrides: [EventOverride] = []
  switch index % 20 {
  case 0..<6:
    text = end("FREQ=DAILY" + (random.next(0...3) == 0 ? ";INTERVAL=2" : ""))
    kinds["daily", default: 0] += 1
  case 6..<13:
    text = end(
      "FREQ=WEEKLY;BYDAY=" + weekdays[random.next(0...4)] + (random.next(0...2) == 0 ? ",FR" : ""))
    for week in [1, 3, 5] {
      exceptions.append(
        .zoned(LocalDateTime(day: day.adding(weeks: week)!, secondOfDay: local.secondOfDay), zone))
    }
    overrides.append(
      EventOverride(
        recurrenceID: .zoned(
          LocalDateTime(day: day.adding(weeks: 2)!, secondOfDay: local.secondOfDay), zone),
        start: .zoned(
          LocalDateTime(day: day.adding(days: 15)!, secondOfDay: local.secondOfDay), zone),
        fields: EventFields(summary: "moved")))
    kinds["weekly with exceptions", default: 0] += 1
  case 13..<17:
    text = end(
      "FREQ=MONTHLY;BYDAY=\([1, 2, 3, -1][random.next(0...3)])" + weekdays[random.next(0...4)])
    kinds["monthly by weekday", default: 0] += 1
  default:
    text = ending <= 6 ? "FREQ=YEARLY" : end("FREQ=YEARLY")
    kinds["yearly", default: 0] += 1
  }
  guard let rule = try? RecurrenceRule(parsing: text) else { fatalError("bad rule \(text)") }
  series.append(
    EventSeries(
      uid: "s\(index)", start: start, end: .after(CalendarDuration(seconds: 3600)),
      rules: [rule], exceptions: exceptions,
      fields: EventFields(summary: "event \(index)"), overrides: overrides))
}

let user: any ZoneRules = fixedOnly ? FixedOffsetZone(offset: 3600) : EuropeanZone()
var learned: [EventExtent] = []
var learnTimes: [Double] = []
for run in 0..<5 {
  let started = now()
  let extents = series.map { $0.extent(userZone: user) }
  learnTimes.append(now() - started)
  if run == 0 { learned = extents }
}
let unbounded = learned.filter { $0.latestEnd == nil }.count

@MainActor func instant(_ day: Day) -> Int {
  user.instant(of: LocalDateTime(day: day, secondOfDay: 0))
}

/// One page: the series whose extent may overlap asked for their occurrences.
@MainActor func page(_ window: Range<Int>, useExtents: Bool) -> (
  seconds: Double, occurrences: Int, asked: Int
) {
  let started = now()
  var found = 0
  var asked = 0
  for (index, one) in series.enumerated() where !useExtents || learned[index].mayOverlap(window) {
    asked += 1
    found += one.occurrences(overlapping: window, userZone: user).occurrences.count
  }
  return (now() - started, found, asked)
}

print(
  "2,000 series: \(kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")); \(unbounded) without end"
)
print("learning every extent once: median CPU \(ms(median(learnTimes))) ms")
let pages: [(String, Range<Int>)] = [
  (
    "day 2150-01-01",
    instant(Day(year: 2150, month: 1, day: 1)!)..<instant(Day(year: 2150, month: 1, day: 2)!)
  ),
  (
    "week 2150-W01",
    instant(Day(year: 2149, month: 12, day: 29)!)..<instant(Day(year: 2150, month: 1, day: 5)!)
  ),
  (
    "month 2150-01",
    instant(Day(year: 2150, month: 1, day: 1)!)..<instant(Day(year: 2150, month: 2, day: 1)!)
  ),
  (
    "day 2025-06-02",
    instant(Day(year: 2025, month: 6, day: 2)!)..<instant(Day(year: 2025, month: 6, day: 3)!)
  ),
]
print(
  "| page | series asked | occurrences | median CPU ms, extents kept | median CPU ms, every series asked |"
)
print("|---|---|---|---|---|")
for (name, window) in pages {
  var kept: [Double] = []
  var all: [Double] = []
  var counts = (0, 0)
  let runs = getenv("RECURRENCE_BENCH_RUNS").flatMap { Int(String(cString: $0)) } ?? 21
  for _ in 0..<runs {
    let result = page(window, useExtents: true)
    kept.append(result.seconds)
    counts = (result.asked, result.occurrences)
    all.append(page(window, useExtents: false).seconds)
  }
  print("| \(name) | \(counts.0) | \(counts.1) | \(ms(median(kept))) | \(ms(median(all))) |")
}
