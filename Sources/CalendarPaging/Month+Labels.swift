/// How a month is named on screen.
extension Month {
  /// Three-letter English month names, January first.
  public static let shortNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `May 2024`, `September 2024`: the month's full name and year, a page title.
  public var title: String {
    "\(name) \(CalendarText.year(year))"
  }

  /// `May 2024`, `Sep 2024`: the menu label, with the month's three-letter name.
  public var menuLabel: String {
    "\(Month.shortNames[month - 1]) \(CalendarText.year(year))"
  }

  /// The display width of `menuLabel` in terminal columns: always 8.
  public var menuLabelWidth: Int { 8 }
}
