/// The calendar's limits in the words of every message that names them, so that a day, a
/// month, a week, an imported field and a step past an edge are refused in one wording.
public enum CalendarLimits {
  /// `years 0001 to 9999`: the years a date may have, after the form it is written in.
  public static let years = "years 0001 to 9999"

  /// `years run from 0001 to 9999`: why a year 0000 is refused.
  public static let yearRange = "years run from 0001 to 9999"

  /// `months run 01 to 12`: what a month number may be.
  public static let monthRange = "months run 01 to 12"

  /// `there is no month 13`: a month number that names no month.
  public static func noMonth(_ month: Int) -> String {
    "there is no month \(month)"
  }

  /// `days start at 0001-01-01` or `days end at 9999-12-31`: the edge a step towards `side`
  /// cannot cross.
  public static func edge(_ side: PagingSide) -> String {
    switch side {
    case .before: "days start at \(Day.first)"
    case .after: "days end at \(Day.last)"
    }
  }
}
