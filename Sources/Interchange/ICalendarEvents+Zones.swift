internal import Recurrence

extension ICalendarEvents {
  /// The zone a `VTIMEZONE` component describes: its `STANDARD` and `DAYLIGHT` observances,
  /// each with its `DTSTART`, `TZOFFSETFROM`, `TZOFFSETTO`, `RRULE`s and `RDATE`s.
  ///
  /// - Throws: `ZoneError` (or the `RecurrenceError` of a value) naming what cannot be read.
  static func zoneRules(of definition: ICalendarComponent) throws -> VTimeZoneRules {
    var observances: [VTimeZoneObservance] = []
    for part in definition.components {
      let kind: VTimeZoneObservance.Kind
      switch part.name {
      case "STANDARD": kind = .standard
      case "DAYLIGHT": kind = .daylight
      default: continue
      }
      guard let start = part.property(named: "DTSTART"),
        let from = part.property(named: "TZOFFSETFROM"),
        let to = part.property(named: "TZOFFSETTO")
      else {
        throw ZoneError.invalidTimeZone(
          "a \(part.name) without DTSTART, TZOFFSETFROM or TZOFFSETTO (line \(part.line))")
      }
      let startValue = try DateTimeValue(parsing: start.value)
      let rules = try part.properties(named: "RRULE").map {
        try RecurrenceRule(parsing: $0.value, untilZone: FixedOffsetZone.utc)
      }
      var dates: [DateTimeValue] = []
      for property in part.properties(named: "RDATE") {
        dates += try DateTimeValue.list(parsing: property.value)
      }
      observances.append(
        VTimeZoneObservance(
          kind: kind, start: startValue.local,
          offsetFrom: try VTimeZoneObservance.offset(parsing: from.value),
          offsetTo: try VTimeZoneObservance.offset(parsing: to.value), rules: rules, dates: dates))
    }
    return try VTimeZoneRules(observances: observances)
  }
}
