import CalendarPaging

/// How days are named in text output.
extension Day {
  /// `Wednesday 1 May 2024` (`Monday 1 January 0001`: years have four digits).
  var longName: String {
    var bytes: [UInt8] = []
    appendLongName(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `longName`'s bytes to `bytes`.
  func appendLongName(to bytes: inout [UInt8]) {
    let (year, month, day) = components
    bytes.append(contentsOf: Day.weekdayNameBytes[weekday.rawValue - 1])
    bytes.append(0x20)
    bytes.appendDecimal(day)
    bytes.append(0x20)
    bytes.append(contentsOf: Day.monthNameBytes[month - 1])
    bytes.append(0x20)
    bytes.appendDecimal(year, minimumDigits: 4)
  }

  /// The weekdays' and months' names in UTF-8.
  private static let weekdayNameBytes = Weekday.allCases.map { Array($0.name.utf8) }
  private static let monthNameBytes = Day.monthNames.map { Array($0.utf8) }

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
