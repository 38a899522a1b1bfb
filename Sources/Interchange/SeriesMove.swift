internal import CalendarPaging

/// Why a recurring journal cannot be moved (issue 20, item 5): a rule whose shape no shift by
/// whole days keeps.
public struct SeriesMoveRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// What in the series prevents the move, in words a user can act on.
  public let reason: String

  /// The reason.
  public var description: String { reason }
}

/// A recurring journal moved as a whole (issue 20, item 5): every date of the series shifted by
/// the same number of days, so that the series keeps its instances, its exceptions and its
/// overrides, each the same days later.
///
/// `DTSTART`, `RDATE` and `EXDATE` (every value, `PERIOD` starts and ends too), the overrides'
/// `RECURRENCE-ID` and `DTSTART`, and the rule's `UNTIL` get their date shifted with their time
/// kept as written: a UTC time so moves by whole days of 24 hours, as its instances do (a
/// series in UTC has no summer time), and a local or `TZID` time by days of its own calendar,
/// as its instances do. The rule's parts that name days follow: `BYDAY` weekdays (without
/// ordinals) and `WKST` turn by the same days, and `BYMONTHDAY` shifts while both the old and
/// the new day are in 1…28 (in every month). Where no rewrite keeps the series' shape (ordinals
/// in `BYDAY`, `BYSETPOS`, `BYYEARDAY`, `BYWEEKNO`, a month day that would leave its month or
/// that not every month has, `BYMONTH` with a start that changes month, `EXRULE`) the move is
/// refused.
enum SeriesMove {
  static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  /// Whether `journal` (a master) is a series: a rule, dates, exceptions.
  static func isSeries(_ journal: ICalendarComponent) -> Bool {
    ["RRULE", "RDATE", "EXDATE", "EXRULE"].contains { journal.property(named: $0) != nil }
  }

  /// A date or date-time value (`YYYYMMDD…`, the rest kept) with its date shifted by `days`;
  /// nil when it does not start with a valid date or would leave 0001…9999.
  static func shiftedValue(_ value: Substring, by days: Int) -> String? {
    let digits = value.prefix(8)
    guard digits.count == 8, digits.allSatisfy(\.isASCII), let number = Int(digits),
      let day = Day(year: number / 10000, month: number / 100 % 100, day: number % 100),
      let moved = day.adding(days: days)
    else { return nil }
    let (year, month, dayOfMonth) = moved.components
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
    return yearText + two(month) + two(dayOfMonth) + value.dropFirst(8)
  }

  /// A list value (`RDATE`, `EXDATE`, `RECURRENCE-ID`, `DTSTART`) with every date shifted;
  /// a `PERIOD`'s end is shifted when it is a date-time, kept when it is a duration.
  static func shiftedList(_ value: String, by days: Int, property: String)
    throws(SeriesMoveRefusal) -> String
  {
    var parts: [String] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      let period = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
      guard let start = shiftedValue(period[0], by: days) else {
        throw SeriesMoveRefusal(
          reason: "its \(property) value \(Quote.quoted(String(item))) is not a date calpager "
            + "can move")
      }
      if period.count == 2 {
        let end = period[1]
        if end.first == "P" || end.first == "+" || end.first == "-" {
          parts.append(start + "/" + end)
        } else if let movedEnd = shiftedValue(end, by: days) {
          parts.append(start + "/" + movedEnd)
        } else {
          throw SeriesMoveRefusal(
            reason: "its \(property) period \(Quote.quoted(String(item))) cannot be moved")
        }
      } else {
        parts.append(start)
      }
    }
    return parts.joined(separator: ",")
  }

  /// The rule `value` (an `RRULE`) for the series moved by `days`, whose start is on `start`
  /// (the date `DTSTART` gives, before the move).
  ///
  /// - Throws: Why the rule's shape cannot be kept.
  static func shiftedRule(_ value: String, by days: Int, start: Day) throws(SeriesMoveRefusal)
    -> String
  {
    var parts = value.split(separator: ";").map { part -> (key: String, value: String) in
      let pieces = part.split(separator: "=", maxSplits: 1)
      return (pieces[0].uppercased(), pieces.count > 1 ? String(pieces[1]) : "")
    }
    func refuse(_ why: String) -> SeriesMoveRefusal {
      SeriesMoveRefusal(
        reason: "its rule \(Quote.quoted(value)) \(why), which no move by days keeps; nothing "
          + "was moved")
    }
    let frequency = parts.first { $0.key == "FREQ" }?.value.uppercased() ?? ""
    let keys = Set(parts.map(\.key))
    for key in ["BYSETPOS", "BYYEARDAY", "BYWEEKNO"] where keys.contains(key) {
      throw refuse("has \(key)")
    }
    let byMonthDay = keys.contains("BYMONTHDAY")
    let byDay = keys.contains("BYDAY")
    if keys.contains("BYMONTH") && !byMonthDay {
      guard let moved = start.adding(days: days), moved.components.month == start.components.month
      else { throw refuse("names months and the start would change month") }
    }
    let monthly = frequency == "MONTHLY" || frequency == "YEARLY"
    if monthly && !byMonthDay && !byDay {
      // The month day comes from the start: it must be one every month has, before and after.
      guard let moved = start.adding(days: days), start.components.day <= 28,
        moved.components.day <= 28,
        frequency == "MONTHLY" || !keys.contains("BYMONTH")
          || moved.components.month == start.components.month
      else { throw refuse("repeats on the start's day of the month") }
    }
    let turn = ((days % 7) + 7) % 7
    func turned(_ code: Substring) -> String? {
      guard let index = weekdayCodes.firstIndex(of: code.uppercased()) else { return nil }
      return weekdayCodes[(index + turn) % 7]
    }
    for index in parts.indices {
      let (key, partValue) = parts[index]
      switch key {
      case "UNTIL":
        guard let moved = shiftedValue(Substring(partValue), by: days) else {
          throw refuse("has an UNTIL calpager cannot read")
        }
        parts[index].value = moved
      case "BYDAY":
        if monthly && (keys.contains("BYMONTH") || byMonthDay) {
          throw refuse("names weekdays within months")
        }
        var codes: [String] = []
        for code in partValue.split(separator: ",") {
          guard let moved = turned(code) else { throw refuse("names ordinal weekdays") }
          codes.append(moved)
        }
        parts[index].value = codes.joined(separator: ",")
      case "WKST":
        guard let moved = turned(Substring(partValue)) else { throw refuse("has a bad WKST") }
        parts[index].value = moved
      case "BYMONTHDAY":
        var values: [String] = []
        for text in partValue.split(separator: ",") {
          guard let number = Int(text), (1...28).contains(number), (1...28).contains(number + days)
          else { throw refuse("names a day of the month that would leave its month") }
          values.append(String(number + days))
        }
        parts[index].value = values.joined(separator: ",")
      default: break
      }
    }
    let interval = parts.first { $0.key == "INTERVAL" }.flatMap { Int($0.value) } ?? 1
    if frequency == "WEEKLY" && interval > 1 && !keys.contains("WKST") && turn != 0 {
      // Weeks start on Monday by default: the moved weeks start on the day Monday becomes,
      // so that an INTERVAL groups the same days.
      parts.append(("WKST", weekdayCodes[turn]))
    }
    return parts.map { $0.key + "=" + $0.value }.joined(separator: ";")
  }
}
