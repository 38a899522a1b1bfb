import CalendarPaging
import Calendars
import Glibc
import Interchange
import Recurrence

// The events index at 10^4 event files in three calendars (vdirs of 3,333 files): a fifth
// recurring (daily, weekly with exceptions, monthly by weekday, yearly; most ending by COUNT
// or UNTIL), the rest one-off events over 2020-2027, in UTC, Europe/Berlin (the system's
// zone), America/New_York and floating time, so a typical day has about a dozen events.
// Measures, in process: the first index, an update with nothing changed (three stats), an
// update after one file replaced by rename, a day page in a month seen and in one unseen,
// the first page of a year no page has shown (2150-01-01), and `next` from a day.
//
//   CALPAGER_BENCH_CALENDARS=1 swift build -c release --product CalendarsBenchmark \
//     && .build/release/CalendarsBenchmark /tmp/calendars-bench
//
// `CalendarsBenchmark DIR --write-only` writes the three folders and stops: the calendars
// that `Tests/Benchmarks/calendars_bench.py` measures the commands and khal on.
//
// `CalendarsBenchmark --parse [ROUNDS]` writes nothing: in memory, it reads the 10^4 files
// once for the events' index texts, then parses the texts of the open-ended series (the ones
// `goto 2150-01-01` parses again) ROUNDS times (default 1) and expands each over the two
// months around 2150-01-01, as `EventCalendars` does. Run under callgrind, the inclusive
// counts of `parseOpenEnded` and `expandOpenEnded` over the calls printed are the cost of
// one parse and one expansion:
//
//   valgrind --tool=callgrind .build-bench/release/CalendarsBenchmark --parse 1

/// A small deterministic generator.
struct Random {
  var state: UInt64
  mutating func next(_ range: ClosedRange<Int>) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return range.lowerBound + Int((state >> 33) % UInt64(range.count))
  }
}

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

func write(_ path: String, _ text: String) {
  let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  _ = text.utf8CString.withUnsafeBytes { write(file, $0.baseAddress, $0.count - 1) }
  close(file)
}

func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// One event file.
func eventFile(_ index: Int, random: inout Random) -> String {
  let day = Day(year: 2020, month: 1, day: 1)!.adding(days: random.next(0...(365 * 8)))!
  let hour = random.next(7...19)
  let date = "\(day.year)\(two(day.month))\(two(day.dayOfMonth))"
  let time = "T\(two(hour))\(two(random.next(0...3) * 15))00"
  let zone = random.next(0...3)
  let start: String
  switch zone {
  case 0: start = "DTSTART:\(date)\(time)Z"
  case 1: start = "DTSTART;TZID=Europe/Berlin:\(date)\(time)"
  case 2: start = "DTSTART;TZID=America/New_York:\(date)\(time)"
  default: start = "DTSTART:\(date)\(time)"
  }
  var lines = ["UID:event-\(index)@bench", "DTSTAMP:20240101T000000Z", start, "DURATION:PT1H"]
  lines.append("SUMMARY:Event \(index)")
  if index % 5 == 0 {
    // Lengths as real series have them (a course of days, a few months of a weekly meeting),
    // so that a typical day has about a dozen events, as issue 22 sets the benchmark.
    switch index / 5 % 4 {
    case 0: lines.append("RRULE:FREQ=DAILY;COUNT=\(random.next(2...20))")
    case 1:
      let until = day.adding(days: random.next(14...180))!
      lines.append(
        "RRULE:FREQ=WEEKLY;UNTIL=\(until.year)\(two(until.month))\(two(until.dayOfMonth))T235959Z")
      let skipped = day.adding(days: 14)!
      let skippedText = "\(skipped.year)\(two(skipped.month))\(two(skipped.dayOfMonth))"
      lines.append(
        zone == 0 || zone == 3
          ? "EXDATE:\(skippedText)\(time)\(zone == 0 ? "Z" : "")"
          : "EXDATE;TZID=\(zone == 1 ? "Europe/Berlin" : "America/New_York"):\(skippedText)\(time)")
    case 2:
      // On a weekday of a week of the month: series spread over the month, as real ones are,
      // not all on its second Tuesday.
      let weekday = ["MO", "TU", "WE", "TH", "FR"][random.next(0...4)]
      let byDay = "BYDAY=\(random.next(1...4))\(weekday)"
      lines.append(
        random.next(0...3) == 0
          ? "RRULE:FREQ=MONTHLY;\(byDay)"
          : "RRULE:FREQ=MONTHLY;\(byDay);COUNT=\(random.next(3...36))")
    default:
      lines.append("RRULE:FREQ=YEARLY")
    }
  }
  return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\n"
    + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
}

/// The texts of the open-ended series among the 10^4 files, as the index keeps them.
func openEndedTexts(zones: @escaping ZoneLookup) -> [[UInt8]] {
  var random = Random(state: 42)
  var texts: [[UInt8]] = []
  for calendar in 0..<3 {
    for index in stride(from: calendar, to: 10_000, by: 3) {
      let file = Array(eventFile(index, random: &random).utf8)
      for event in (try? ICalendarEvents.read(file, zones: zones))?.events ?? [] {
        let rules = event.series.recurrence.rules
        if !rules.isEmpty && rules.allSatisfy({ $0.count == nil && $0.until == nil }) {
          texts.append(event.text)
        }
      }
    }
  }
  return texts
}

/// Parses each of `texts` `rounds` times; the series of the last round.
@inline(never)
func parseOpenEnded(_ texts: [[UInt8]], rounds: Int, zones: @escaping ZoneLookup)
  -> [EventSeries]
{
  var series: [EventSeries] = []
  for round in 0..<rounds {
    for text in texts {
      let events = (try? ICalendarEvents.read(text, zones: zones))?.events ?? []
      if round == rounds - 1 { series += events.map(\.series) }
    }
  }
  return series
}

/// Expands each of `series` over each of `windows`; the number of occurrences found.
@inline(never)
func expandOpenEnded(_ series: [EventSeries], windows: [Range<Int>]) -> Int {
  var found = 0
  for one in series {
    for window in windows {
      found +=
        one.occurrences(overlapping: window, userZone: FixedOffsetZone.utc).occurrences.count
    }
  }
  return found
}

/// The system's tz database, read as calpager reads it: every mode below resolves zones by it.
let resolver = ZoneResolver(readFile: { path in
  let file = open(path, O_RDONLY)
  guard file >= 0 else { return nil }
  defer { close(file) }
  var bytes = [UInt8](repeating: 0, count: 1 << 16)
  let count = read(file, &bytes, bytes.count)
  return count > 0 ? Array(bytes[..<count]) : nil
})
let zones: ZoneLookup = { resolver.zone(forTZID: $0) }

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "--parse" {
  let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1 : 1
  let texts = openEndedTexts(zones: zones)
  var started = now()
  let series = parseOpenEnded(texts, rounds: rounds, zones: zones)
  let parsed = now() - started
  // December 2149 and January 2150, a day either way, as `EventCalendars.monthWindow`.
  let december = Day(year: 2149, month: 12, day: 1)!
  let windows = [
    december.dayNumber * 86_400 - 86_400..<(december.dayNumber + 32) * 86_400,
    (december.dayNumber + 30) * 86_400..<(december.dayNumber + 63) * 86_400,
  ]
  started = now()
  let found = expandOpenEnded(series, windows: windows)
  let expanded = now() - started
  print("parses: \(texts.count * rounds) (\(texts.count) texts) in \(parsed) ms")
  print("expansions: \(series.count * windows.count), \(found) occurrences, in \(expanded) ms")
  exit(0)
}

let base = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "/tmp/calendars-bench"
mkdir(base, 0o700)
var random = Random(state: 42)
var sources: [CalendarSource] = []
for calendar in 0..<3 {
  let folder = base + "/calendar\(calendar)"
  sources.append(CalendarSource(name: "calendar\(calendar)", path: folder))
  if mkdir(folder, 0o700) == 0 {
    for index in stride(from: calendar, to: 10_000, by: 3) {
      write(folder + "/event-\(index).ics", eventFile(index, random: &random))
    }
  }
}
if CommandLine.arguments.dropFirst(2).contains("--write-only") { exit(0) }

/// Opens the calendars on `cache` and reads the day page of 2150-01-01: the page
/// `goto 2150-01-01` shows, in a year no page has shown (the cache is a copy of a warm index).
@inline(never)
func gotoUnseenYear(_ sources: [CalendarSource], cache: String, zones: @escaping ZoneLookup)
  throws -> Int
{
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  let far = Day(year: 2150, month: 1, day: 1)!
  return calendars.events(covering: far...far, userZone: FixedOffsetZone(offset: 3600)).count
}

// `CalendarsBenchmark DIR --goto`: that page alone (the index made first if it is missing), for
// callgrind: valgrind --tool=callgrind --toggle-collect='*gotoUnseenYear*' …
if CommandLine.arguments.dropFirst(2).contains("--goto") {
  let warm = base + "/cache/events.db"
  if access(warm, F_OK) != 0 {
    _ = try EventCalendars.open(sources: sources, cachePath: warm, zones: zones)
  }
  let copy = base + "/cache/goto.db"
  let input = open(warm, O_RDONLY)
  let output = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while case let count = read(input, &buffer, buffer.count), count > 0 {
    _ = write(output, buffer, count)
  }
  close(input)
  close(output)
  let started = now()
  let count = try gotoUnseenYear(sources, cache: copy, zones: zones)
  print("goto 2150-01-01: \(count) events in \((now() - started).rounded()) ms")
  exit(0)
}
let cache = base + "/cache/events.db"
unlink(cache)
let userZone = FixedOffsetZone(offset: 3600)

func measure(_ label: String, runs: Int = 1, _ body: () throws -> Void) rethrows {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = now()
    try body()
    times.append(now() - start)
  }
  times.sort()
  let median = times[times.count / 2]
  print(
    "\(label): median \((median * 100).rounded() / 100) ms, min \((times[0] * 100).rounded() / 100) ms (\(runs) runs)"
  )
}

try measure("first index of 10^4 files") {
  _ = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
}
try measure("update, nothing changed", runs: 21) {
  _ = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
}
var serial = 0
try measure("update after one file replaced (folder of 3,333)", runs: 11) {
  serial += 1
  let folder = sources[1].path
  write(folder + "/.tmp", eventFile(1_000_000 + serial, random: &random))
  rename(folder + "/.tmp", folder + "/event-1.ics")
  _ = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
}
let may = Day(year: 2024, month: 5, day: 15)!
try measure("open + first day page of a month not expanded (2024-05-15)") {
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  print("  \(calendars.events(covering: may...may, userZone: userZone).count) events that day")
}
try measure("open + day page, month expanded", runs: 21) {
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  _ = calendars.events(covering: may...may, userZone: userZone)
}
try measure("open + week page, months expanded", runs: 21) {
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  _ = calendars.events(covering: may...may.adding(days: 6)!, userZone: userZone)
}
let far = Day(year: 2150, month: 1, day: 1)!
try measure("open + first page in an unseen year (2150-01-01)") {
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  print("  \(calendars.events(covering: far...far, userZone: userZone).count) events that day")
}
try measure("open + next day with events from 2024-05-15", runs: 11) {
  let calendars = try EventCalendars.open(sources: sources, cachePath: cache, zones: zones)
  _ = calendars.nextDayWithEvents(after: may, userZone: userZone)
}
