import CalendarPaging
import Glibc
import Recurrence

// Nanoseconds per `utcOffset(at:)` and per `instant(of:)` of each kind of zone: a TZif file
// inside its table and past it (the footer's rule), a POSIX rule, a VTIMEZONE as Outlook
// writes it (its years already expanded, and each query in a year not yet expanded), and a
// fixed offset for scale. Instants spread over 1970-2037 (2040-2400 past the table).
//
//   CALPAGER_BENCH_ZONES=1 swift build -c release --product ZoneBenchmark \
//     --scratch-path .build-bench-zones && .build-bench-zones/release/ZoneBenchmark

/// CPU seconds of this process: less disturbed than the wall clock on a shared machine.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func read(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fatalError("cannot read \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count == 0 { return bytes }
    bytes += chunk[0..<count]
  }
}

/// Median nanoseconds per call of `body` over `inputs`, of five runs.
func measure<Input>(_ inputs: [Input], _ body: (Input) -> Int) -> Double {
  var sink = 0
  var runs: [Double] = []
  for _ in 0..<5 {
    let started = now()
    for input in inputs { sink &+= body(input) }
    runs.append((now() - started) / Double(inputs.count) * 1e9)
  }
  if sink == 42 { print("") }
  return runs.sorted()[2]
}

/// A small deterministic generator.
struct Random {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  mutating func next(_ range: ClosedRange<Int>) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return range.lowerBound + Int((state >> 33) % UInt64(range.count))
  }
}
var generator = Random()
@MainActor func random(_ range: ClosedRange<Int>) -> Int { generator.next(range) }

let count = 200_000
let y1970 = 0
let y2040 = 2_208_988_800
let y2037 = 2_114_380_800
let y2400 = 13_569_465_600
let nearInstants = (0..<count).map { _ in random(y1970...y2037) }
let farInstants = (0..<count).map { _ in random(y2040...y2400) }
let nearLocals = nearInstants.map { LocalDateTime(secondsSinceEpoch: $0)! }
let farLocals = farInstants.map { LocalDateTime(secondsSinceEpoch: $0)! }

let berlin = try TZifZone(bytes: read("/usr/share/zoneinfo/Europe/Berlin"))
let posix = try PosixZone(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
let outlook = try VTimeZoneRules(observances: [
  VTimeZoneObservance(
    kind: .standard,
    start: LocalDateTime(day: Day(year: 1601, month: 1, day: 1)!, secondOfDay: 10_800),
    offsetFrom: 7200, offsetTo: 3600,
    rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10")]),
  VTimeZoneObservance(
    kind: .daylight,
    start: LocalDateTime(day: Day(year: 1601, month: 1, day: 1)!, secondOfDay: 7200),
    offsetFrom: 3600, offsetTo: 7200,
    rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3")]),
])
let fixed = FixedOffsetZone(offset: 3600)

print("| zone | utcOffset(at:) ns | instant(of:) ns |")
print("|---|---|---|")
@MainActor func row(
  _ name: String, _ zone: any ZoneRules, _ instants: [Int], _ locals: [LocalDateTime]
) {
  let offset = measure(instants) { zone.utcOffset(at: $0) }
  let instant = measure(locals) { zone.instant(of: $0) }
  print("| \(name) | \(Int(offset.rounded())) | \(Int(instant.rounded())) |")
}
row("fixed offset", fixed, nearInstants, nearLocals)
row("TZif Europe/Berlin, 1970-2037 (table)", berlin, nearInstants, nearLocals)
row("TZif Europe/Berlin, 2040-2400 (footer)", berlin, farInstants, farLocals)
row("POSIX CET-1CEST,M3.5.0,M10.5.0/3", posix, nearInstants, nearLocals)
// Warm the VTIMEZONE's cache for the years of the near instants, then measure it warm.
let years = Array(1969...2101)
for year in years { _ = outlook.utcOffset(at: (year - 1970) * 31_556_952) }
let warmInstants = (0..<count).map { _ in random(y1970...y1970 + 40 * 31_556_952) }
let warmLocals = warmInstants.map { LocalDateTime(secondsSinceEpoch: $0)! }
row("VTIMEZONE (Outlook), years cached", outlook, warmInstants, warmLocals)
// Cold: every query in a year whose onsets are not yet known (a fresh zone each time).
let coldYears = (0..<200).map { _ in random(1700...9000) }
let started = now()
for year in coldYears {
  let zone = try VTimeZoneRules(observances: outlook.observances)
  _ = zone.utcOffset(at: (year - 1970) * 31_556_952)
}
print("VTIMEZONE (Outlook), a year not yet expanded: \(Int((now() - started) / 200 * 1e6)) µs")
