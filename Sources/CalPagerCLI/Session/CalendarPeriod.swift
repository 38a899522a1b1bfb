import CalendarPaging

/// A week or a month: the items of the menu when paging by week or by month.
///
/// The selected day stays the state: a period is the one holding it, its weeks starting on
/// the `first-weekday` setting.
protocol CalendarPeriod: SequentialItem, CustomStringConvertible {
  /// The unit of the period: `.week` or `.month`.
  static var unit: CalendarUnit { get }
  /// The widest `menuLabelWidth` of any period.
  static var widestMenuLabel: Int { get }

  /// The period holding `day`, weeks starting on `firstWeekday`.
  init(containing day: Day, firstWeekday: Weekday)

  /// The period's first day that exists.
  var firstDay: Day { get }
  /// The period's last day that exists.
  var lastDay: Day { get }
  /// The menu label: `W18 29 Apr–5 May`, `May 2024`.
  var menuLabel: String { get }
  /// The display width of `menuLabel`.
  var menuLabelWidth: Int { get }
}

extension CalendarPeriod {
  /// The days of the period that exist, first to last.
  var dayRange: ClosedRange<Day> { firstDay...lastDay }

  /// Whether `day` is one of the period's days.
  func holds(_ day: Day) -> Bool { dayRange.contains(day) }

  /// The menu options for a menu of periods: those of days, but every item as wide as its
  /// label, today's `*` and the note mark (labels of weeks differ in width, and are wider
  /// than the days' items are set to be).
  static func menuOptions(from options: MenuOptions) -> MenuOptions {
    var adjusted = options
    adjusted.itemSize = .selfSizing(estimatedWidth: widestMenuLabel + 3)
    return adjusted
  }
}

extension Week: CalendarPeriod {
  static var unit: CalendarUnit { .week }
  /// `W01 29 Dec–4 Jan`: a two-digit week, a two-digit day and two months.
  static var widestMenuLabel: Int { 16 }
}

extension Month: CalendarPeriod {
  static var unit: CalendarUnit { .month }
  static var widestMenuLabel: Int { 8 }

  init(containing day: Day, firstWeekday: Weekday) {
    self.init(containing: day)
  }
}
