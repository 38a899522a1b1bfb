internal import CalendarPaging
internal import NoteModel

/// An iCalendar DATE (`YYYYMMDD`) or DATE-TIME (`YYYYMMDDTHHMMSS`, `Z` for UTC) value.
struct ICalendarDateTime {
  /// The date as written.
  var day: Day
  /// The time as written; nil for a DATE.
  var time: (hour: Int, minute: Int, second: Int)?
  /// Whether the time is UTC (`Z`).
  var isUTC: Bool

  /// Reads a value; the problem names `property` and the accepted form.
  init(_ value: UnsafeBufferPointer<UInt8>, property: String) throws(ImportProblem) {
    let isDateTime =
      (value.count == 15 || (value.count == 16 && value[15] == UInt8(ascii: "Z")))
      && value[8] == UInt8(ascii: "T")
    guard value.count == 8 || isDateTime else {
      throw .invalidDay(field: property, .malformed(Quote.bytes(value)), expected: "YYYYMMDD")
    }
    day = try Self.day(UnsafeBufferPointer(rebasing: value[..<8]), text: value, property: property)
    isUTC = value.count == 16
    guard isDateTime else { return }
    guard let hour = Timestamp.twoDigits(value, 9), let minute = Timestamp.twoDigits(value, 11),
      let second = Timestamp.twoDigits(value, 13), hour < 24, minute < 60, second < 61
    else {
      throw .invalidTime(
        field: property, text: Quote.bytes(value), expected: "YYYYMMDDTHHMMSSZ")
    }
    // A leap second (60) is read as the last second of its minute.
    time = (hour, minute, min(second, 59))
  }

  /// The instant, the time taken as UTC whether or not it says so (a DATE as its midnight).
  var timestamp: Timestamp {
    let (hour, minute, second) = time ?? (0, 0, 0)
    return Timestamp(day: day, hour: hour, minute: minute, second: second)!
  }

  /// A DATE-TIME read as an instant (UTC), as `CREATED`, `LAST-MODIFIED` and `DTSTAMP` are
  /// (a DATE is read as its midnight).
  static func timestamp(_ value: UnsafeBufferPointer<UInt8>, property: String)
    throws(ImportProblem) -> Timestamp
  {
    do throws(ImportProblem) {
      return try ICalendarDateTime(value, property: property).timestamp
    } catch {
      throw .invalidTime(
        field: property, text: Quote.bytes(value), expected: "YYYYMMDDTHHMMSSZ")
    }
  }

  private static func day(
    _ digits: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, property: String
  ) throws(ImportProblem) -> Day {
    var quoted: String { Quote.bytes(text) }
    var year = 0
    var month = 0
    var dayOfMonth = 0
    for (position, byte) in digits.enumerated() {
      guard let digit = Timestamp.digit(byte) else {
        throw .invalidDay(field: property, .malformed(quoted), expected: "YYYYMMDD")
      }
      switch position {
      case 0..<4: year = year * 10 + digit
      case 4..<6: month = month * 10 + digit
      default: dayOfMonth = dayOfMonth * 10 + digit
      }
    }
    guard year > 0 else {
      throw .invalidDay(field: property, .yearZero(quoted), expected: "YYYYMMDD")
    }
    guard (1...12).contains(month) else {
      throw .invalidDay(field: property, .invalidMonth(quoted, month: month), expected: "YYYYMMDD")
    }
    guard let day = Day(year: year, month: month, day: dayOfMonth) else {
      throw .invalidDay(
        field: property, .invalidDay(quoted, year: year, month: month, day: dayOfMonth),
        expected: "YYYYMMDD")
    }
    return day
  }
}
