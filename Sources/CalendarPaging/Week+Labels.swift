/// How a week is named on screen.
extension Week {
  /// `W18`: the ISO week number of the week's Thursday (see `isoWeek`).
  public var label: String {
    "W" + CalendarText.twoDigits(isoWeek.week)
  }

  /// `W18 29 Apr–5 May`, or `W19 6–12 May` when the week lies in one month: the menu label,
  /// with the week's first and last day (clamped at the calendar's edges).
  public var menuLabel: String {
    let (first, last) = (firstDay.components, lastDay.components)
    let start = first.month == last.month ? "\(first.day)" : "\(first.day) \(Week.short(first))"
    return "\(label) \(start)–\(last.day) \(Week.short(last))"
  }

  /// The display width of `menuLabel` in terminal columns, without making the label.
  public var menuLabelWidth: Int {
    let (first, last) = (firstDay.components, lastDay.components)
    func digits(_ value: Int) -> Int { value < 10 ? 1 : 2 }
    // "W18 " + first day + (" Apr" when the months differ) + "–" + last day + " May".
    let start = digits(first.day) + (first.month == last.month ? 0 : 4)
    return 3 + 1 + start + 1 + digits(last.day) + 4
  }

  /// `Week 18: 29 April – 5 May 2024`, or `Week 1: 30 December 2024 – 5 January 2025` across
  /// years: a page title.
  public var title: String {
    let (first, last) = (firstDay.components, lastDay.components)
    let startYear = first.year == last.year ? "" : " \(CalendarText.year(first.year))"
    let startMonth =
      first.month == last.month && startYear.isEmpty ? "" : " \(Day.monthNames[first.month - 1])"
    return "Week \(isoWeek.week): \(first.day)\(startMonth)\(startYear) – \(last.day) "
      + "\(Day.monthNames[last.month - 1]) \(CalendarText.year(last.year))"
  }

  private static func short(_ components: (year: Int, month: Int, day: Int)) -> String {
    Month.shortNames[components.month - 1]
  }
}
