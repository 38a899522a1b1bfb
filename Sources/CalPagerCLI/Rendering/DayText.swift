import CalendarPaging

/// How days are named in text output.
extension Day {
  /// `Wednesday 1 May 2024` (`Monday 1 January 0001`: years have four digits).
  var longName: String {
    let (year, month, day) = components
    let digits = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return "\(weekday.name) \(day) \(Day.monthNames[month - 1]) \(paddedYear)"
  }

  /// `Wed 1`: the menu label.
  var menuLabel: String {
    "\(weekday.shortName) \(dayOfMonth)"
  }

  /// `menuLabel.utf8.count`, without making the label.
  var menuLabelWidth: Int {
    weekday.shortName.utf8.count + (dayOfMonth < 10 ? 2 : 3)
  }
}

/// `1 note`, `2 notes`.
func countText(_ count: Int, _ singular: String) -> String {
  "\(count) \(count == 1 ? singular : singular + "s")"
}
