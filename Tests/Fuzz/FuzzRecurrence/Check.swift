import CalendarPaging
import Recurrence

/// The fuzz target's invariants, kept out of the shipped module.
enum Check {
  /// A zone with a one-hour gap on 2024-03-31 and an overlap on 2024-10-27, at +1/+2.
  struct GapZone: ZoneRules {
    let forward = 1_711_846_800
    let back = 1_729_990_800
    func utcOffset(at unixSeconds: Int) -> Int {
      (forward..<back).contains(unixSeconds) ? 7200 : 3600
    }
    func instant(of local: LocalDateTime) -> Int {
      let seconds = local.secondsSinceEpoch
      if seconds < forward + 3600 + 3600 || seconds >= back + 3600 + 3600 { return seconds - 3600 }
      return seconds - 7200
    }
  }

  static func run(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return }
    let ruleText = String(lines[0])
    var startText = Substring(lines[1])
    var zone: (any ZoneRules)?
    if startText.hasPrefix("gap ") {
      zone = GapZone()
      startText = startText.dropFirst(4)
    } else if let space = startText.firstIndex(of: " "), let offset = offset(startText[..<space]) {
      zone = FixedOffsetZone(offset: offset)
      startText = startText[startText.index(after: space)...]
    }
    let rule: RecurrenceRule
    let start: DateTimeValue
    do {
      rule = try RecurrenceRule(parsing: ruleText, untilZone: zone)
      start = try DateTimeValue(parsing: startText, zone: zone)
    } catch {
      let message = error.description
      precondition(!message.isEmpty && !message.contains("\n") && !message.hasSuffix("."))
      precondition(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      return
    }
    var exceptions: [DateTimeValue] = []
    var dates: [RecurrenceDate] = []
    for line in lines.dropFirst(2) {
      if line.hasPrefix("EX:"),
        let value = try? DateTimeValue(parsing: line.dropFirst(3), zone: zone)
      {
        exceptions.append(value)
      } else if line.hasPrefix("RD:"),
        let value = try? RecurrenceDate(parsing: line.dropFirst(3), zone: zone)
      {
        dates.append(value)
      }
    }
    // A rule whose period is shorter than a day is looked at over two days, others over years.
    let series = RecurrenceSet(start: start, rules: [rule], dates: dates, exceptions: exceptions)
    let user = FixedOffsetZone.utc
    let first = start.instant(floatingIn: user)
    let span = rule.frequency < .daily ? 2 * 86_400 : 6 * 366 * 86_400
    let window = first - 86_400..<first + span
    let limit = 400
    let page = series.instances(in: window, userZone: user, limit: limit)
    let instances = page.instances
    precondition(instances.count <= limit)
    for (index, instance) in instances.enumerated() {
      precondition(window.contains(instance.instant), "outside the window")
      precondition(Day.first <= instance.local.day && instance.local.day <= Day.last)
      if index > 0 {
        precondition(instances[index - 1].instant < instance.instant, "not sorted or not unique")
      }
      let isExtra =
        instance.local == start.local
        || dates.contains { placed($0.start, start: start, zone: zone) == instance.local }
      if !isExtra {
        precondition(
          Matcher(rule: rule, start: start.local, isDate: start.isDate).matches(instance.local),
          "\(instance.local) does not match \(rule)")
      }
    }
    // A month's expansion passes over a series that none of its months of the year meets:
    // each instance, a day either way (as months are expanded), must be in those months.
    let months = EventSeries(
      uid: "fuzz", start: start, rules: [rule], dates: dates, exceptions: exceptions
    ).monthsOfYear
    for instance in instances {
      for edge in [instance.instant - 86_400, instance.instant + 86_400] {
        guard let day = Day(unixSeconds: edge, utcOffset: 0) else { continue }
        precondition(
          months & 1 << (day.month - 1) != 0, "\(instance.local) is outside months \(months)")
      }
    }
    if let count = rule.count, page.notices.isEmpty, dates.isEmpty {
      precondition(instances.count <= count + 1, "more instances than COUNT")
    }
    // Next and previous agree with the window (where it was not cut short).
    if page.notices.isEmpty {
      for (a, b) in zip(instances, instances.dropFirst()).prefix(12) {
        if let next = series.firstInstance(after: a.instant, userZone: user).instance {
          precondition(
            next.instant == b.instant, "next after \(a.local) is \(next.local), not \(b.local)")
        }
        if let previous = series.lastInstance(before: b.instant, userZone: user).instance {
          precondition(
            previous.instant == a.instant, "previous before \(b.local) is \(previous.local)")
        }
      }
    }
    let summary = series.summary(userZone: user)
    if case .last(let last) = summary.end, page.notices.isEmpty {
      precondition(!instances.contains { $0.instant > last.instant }, "an instance after the last")
    }
    for notice in summary.notices + page.notices {
      precondition(!notice.description.isEmpty && !notice.description.contains("\n"))
    }
  }

  /// An RDATE value on the series' wall clock: a UTC or zoned value at its instant in the
  /// series' zone (when it has one), a date at its midnight.
  static func placed(_ value: DateTimeValue, start: DateTimeValue, zone: (any ZoneRules)?)
    -> LocalDateTime
  {
    if start.isDate || value.isDate { return LocalDateTime(day: value.local.day, secondOfDay: 0) }
    switch (start, value) {
    case (.floating, _), (_, .floating): return value.local
    default:
      let seriesZone: any ZoneRules = zone ?? FixedOffsetZone.utc
      let instant = value.instant(floatingIn: seriesZone)
      return LocalDateTime(secondsSinceEpoch: instant + seriesZone.utcOffset(at: instant))
        ?? value.local
    }
  }

  /// `+0200`, `-0530`: seconds east of UTC.
  static func offset(_ text: Substring) -> Int? {
    guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
      let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)),
      hours < 24, minutes < 60
    else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}
