import CalendarPaging
import Foundation
import Recurrence
import TestSupport
import Testing

/// Compares every occurrence of thousands of random events with python
/// `recurring-ical-events`, an independent implementation (`Tests/Scripts/recurrence_diff.py`
/// generates the events and its answers).
///
/// `CALPAGER_DIFF_EVENTS` sets how many (5,000 by default), `CALPAGER_DIFF_SEED` the seed;
/// `CALPAGER_DIFF_FILE` names the script's output of an earlier run to compare instead
/// (`python3 Tests/Scripts/recurrence_diff.py --count N FILE`; `--only ID` writes one event).
/// The script's output is kept under `.build/test-peers` until the script, the peers or the
/// tz database change (`generated`).
@Suite(.requires(.pythonPackages))
struct DifferentialTests {
  /// The zone a descriptor of the script names.
  ///
  /// `utc`, `fixed:SECONDS`, or `tz:NAME` (an IANA name, read from the system's TZif file as
  /// zoneinfo reads it). Nil for a zone not known, and for `floating` and `date`, which have
  /// none.
  static func zone(_ descriptor: String) -> (any ZoneRules)? {
    if descriptor == "utc" { return FixedOffsetZone.utc }
    if descriptor.hasPrefix("fixed:"), let offset = Int(descriptor.dropFirst(6)) {
      return FixedOffsetZone(offset: offset)
    }
    if descriptor.hasPrefix("tz:") {
      return try? ZoneSupport.system(String(descriptor.dropFirst(3)))
    }
    return nil
  }

  struct Value: Decodable {
    let v: String
    let z: String
  }
  struct End: Decodable {
    let kind: String
    let v: EndValue
  }
  enum EndValue: Decodable {
    case value(Value)
    case text(String)
    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        self = .value(try container.decode(Value.self))
      }
    }
  }
  struct RDate: Decodable {
    let v: String
    let z: String
    let period: String?
  }
  struct Override: Decodable {
    let rid: Value
    let range: Bool?
    let start: Value
    let end: End?
    let summary: String
    let status: String?
  }
  struct Expected: Decodable, Hashable {
    let s: String
    let e: String
    let t: String
  }
  struct Event: Decodable {
    let id: Int
    let start: Value
    let summary: String
    let rrules: [String]
    let end: End?
    let window: [Int]?
    let rdates: [RDate]?
    let exdates: [Value]?
    let overrides: [Override]?
    let status: String?
    let expected: [Expected]?
    let error: String?
    let emptyRules: [Int]?
  }
  struct Output: Decodable {
    let events: [Event]
    let peer: String
  }

  enum Skip: Error { case unknownZone(String) }

  static func value(_ value: Value) throws -> DateTimeValue {
    switch value.z {
    case "date": return try DateTimeValue(parsing: value.v, isDate: true)
    case "floating": return try DateTimeValue(parsing: value.v, isDate: false)
    case "utc": return .utc(try DateTimeValue(parsing: value.v, isDate: false).local)
    default:
      guard let zone = zone(value.z) else { throw Skip.unknownZone(value.z) }
      return try DateTimeValue(parsing: value.v, zone: zone, isDate: false)
    }
  }

  static func end(_ end: End?) throws -> EventEnd {
    guard let end else { return .none }
    switch end.v {
    case .value(let value): return .at(try self.value(value))
    case .text(let text): return .after(try CalendarDuration(parsing: text))
    }
  }

  static func series(_ event: Event) throws -> EventSeries {
    let start = try value(event.start)
    let startZone = zone(event.start.z)
    let rules = try event.rrules.map { try RecurrenceRule(parsing: $0, untilZone: startZone) }
    let dates = try (event.rdates ?? []).map { item -> RecurrenceDate in
      let value = try self.value(Value(v: item.v, z: item.z))
      guard let period = item.period else { return .value(value) }
      return .period(start: value, end: .after(try CalendarDuration(parsing: period)))
    }
    let overrides = try (event.overrides ?? []).map { item in
      EventOverride(
        recurrenceID: try value(item.rid), thisAndFuture: item.range ?? false,
        start: try value(item.start), end: try end(item.end),
        fields: EventFields(summary: item.summary, status: item.status.map(EventStatus.init)))
    }
    return EventSeries(
      uid: "event-\(event.id)", start: start, end: try end(event.end), rules: rules, dates: dates,
      exceptions: try (event.exdates ?? []).map(value),
      fields: EventFields(summary: event.summary, status: event.status.map(EventStatus.init)),
      overrides: overrides)
  }

  static func encode(_ time: OccurrenceTime) -> String {
    switch time {
    case .instant(let instant): return "i:\(instant)"
    case .floating(let local): return "f:" + local.description.filter { $0 != "-" && $0 != ":" }
    case .day(let day): return "d:" + day.description.filter { $0 != "-" }
    }
  }

  @Test func agreesWithRecurringIcalEventsOnEveryOccurrence() throws {
    let environment = ProcessInfo.processInfo.environment
    let requested = environment["CALPAGER_DIFF_EVENTS"].flatMap(Int.init) ?? 5000
    let seed = environment["CALPAGER_DIFF_SEED"].flatMap(Int.init) ?? 20_240_501
    let out: String
    if let given = environment["CALPAGER_DIFF_FILE"], !given.isEmpty {
      // The script's output of an earlier run, to compare again without waiting for the peer.
      out = given
    } else {
      out = try Self.generated(count: requested, seed: seed)
    }
    let output = try JSONDecoder().decode(
      Output.self, from: try Data(contentsOf: URL(fileURLWithPath: out)))
    let count = output.events.count
    var compared = 0
    var occurrences = 0
    var peerErrors = 0
    var unknownZones = 0
    var differences: [String] = []
    let utc = FixedOffsetZone.utc
    for event in output.events {
      if event.error != nil {
        peerErrors += 1
        continue
      }
      let series: EventSeries
      do { series = try Self.series(event) } catch Skip.unknownZone {
        unknownZones += 1
        continue
      }
      if let empty = event.emptyRules {
        // dateutil proves these rules empty; calpager must name them so.
        let notices = series.recurrence.summary(userZone: utc).notices
        for index in empty {
          let named = notices.contains(
            .yieldsNoInstance(rule: series.recurrence.rules[index].description))
          if !named {
            differences.append(
              "event \(event.id): rule \(event.rrules[index]) not named empty: \(notices)")
          }
        }
        compared += 1
        continue
      }
      guard let window = event.window, let expected = event.expected else { continue }
      let page = series.occurrences(overlapping: window[0]..<window[1], userZone: utc)
      let got = page.occurrences.map {
        Expected(s: Self.encode($0.start), e: Self.encode($0.end), t: $0.fields.summary ?? "")
      }
      compared += 1
      occurrences += expected.count
      let sort = { (list: [Expected]) in list.sorted { ($0.s, $0.e, $0.t) < ($1.s, $1.e, $1.t) } }
      if sort(got) != sort(expected) || !page.notices.isEmpty {
        let missing = Set(expected).subtracting(got).sorted { $0.s < $1.s }.prefix(3)
        let extra = Set(got).subtracting(expected).sorted { $0.s < $1.s }.prefix(3)
        differences.append(
          "event \(event.id) start \(event.start.v) \(event.start.z) rules \(event.rrules) "
            + "window \(window) exdates \(event.exdates?.map(\.v) ?? []) "
            + "overrides \(event.overrides?.count ?? 0): missing \(Array(missing)), "
            + "extra \(Array(extra)), notices \(page.notices)")
      }
    }
    print(
      "differential: \(output.peer): \(compared) events compared (\(occurrences) occurrences), "
        + "\(peerErrors) the peer could not expand, \(unknownZones) in zones not read yet, "
        + "\(differences.count) differences")
    for difference in differences.prefix(25) { print("  " + difference) }
    #expect(differences.isEmpty)
    #expect(compared + peerErrors + unknownZones == count)
    #expect(compared >= count * 9 / 10)
  }
}
