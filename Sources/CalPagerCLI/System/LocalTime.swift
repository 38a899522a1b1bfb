import CalendarPaging
import CommandLanguage
import Glibc
import Interchange
import NoteModel

/// The local civil date and time zone, from `time()` and `localtime_r` (which honour `$TZ`).
enum LocalTime {
  /// The local time zone (`$TZ`) for the codecs: the UTC offset `localtime_r` gives at each
  /// instant (its `tm_gmtoff`), so summer and winter time each give their own dates.
  static let zone = LocalZone { unixSeconds in
    var seconds = time_t(unixSeconds)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// Today: `$CALPAGER_TODAY` when it is set (for reproducible scripts and tests), else the
  /// local date in `$TZ`.
  ///
  /// - Throws: `UsageError` naming the variable when it is set but not a `YYYY-MM-DD` date
  ///   (empty included): a script that sets it must not quietly run on the clock's date.
  static func today(environment: [String: String]) throws(UsageError) -> Day {
    guard let text = environment["CALPAGER_TODAY"] else { return today() }
    do {
      return try Day(parsing: text)
    } catch {
      throw UsageError(
        "invalid CALPAGER_TODAY: \(error); unset it to use today's date", usage: .none)
    }
  }

  /// Today in the local time zone.
  static func today() -> Day {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return Day(unixSeconds: Int(now), utcOffset: Int(parts.tm_gmtoff)) ?? .first
  }
}
