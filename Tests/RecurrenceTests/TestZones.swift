import CalendarPaging
import Recurrence

/// America/New_York as the RFC 5545 examples assume it, by hand (the real zones come from the
/// TZif reader of another branch): EST (UTC-5) and EDT (UTC-4), summer time from the first
/// Sunday of April to the last Sunday of October until 2006, from the second Sunday of March
/// to the first Sunday of November since 2007, changing at 02:00 local time.
struct USEasternTestZone: ZoneRules {
  static let standard = -5 * 3600
  static let daylight = -4 * 3600

  /// The local days summer time starts and ends in `year`.
  static func summerDays(_ year: Int) -> (start: Day, end: Day) {
    func sunday(_ month: Int, nth: Int) -> Day {
      var day = Day(year: year, month: month, day: 1)!
      while day.weekday != .sunday { day = day.next! }
      return day.adding(days: 7 * (nth - 1))!
    }
    func lastSunday(_ month: Int) -> Day {
      var day = Day(year: year, month: month, day: 1)!.lastOfMonth
      while day.weekday != .sunday { day = day.previous! }
      return day
    }
    return year >= 2007
      ? (sunday(3, nth: 2), sunday(11, nth: 1)) : (sunday(4, nth: 1), lastSunday(10))
  }

  func utcOffset(at unixSeconds: Int) -> Int {
    let year = Day(unixSeconds: unixSeconds, utcOffset: Self.standard)!.year
    let (start, end) = Self.summerDays(year)
    let startInstant = start.dayNumber * 86_400 + 2 * 3600 - Self.standard
    let endInstant = end.dayNumber * 86_400 + 2 * 3600 - Self.daylight
    return (startInstant..<endInstant).contains(unixSeconds) ? Self.daylight : Self.standard
  }

  func instant(of local: LocalDateTime) -> Int {
    let (start, end) = Self.summerDays(local.day.year)
    let seconds = local.secondsSinceEpoch
    let summerStart = start.dayNumber * 86_400 + 2 * 3600  // 02:00 local: the gap begins
    let summerEnd = end.dayNumber * 86_400 + 1 * 3600  // 01:00 local: the overlap begins
    // In the gap (02:00–03:00) the offset before it (EST); in the overlap the first (EDT).
    let offset =
      seconds >= summerStart + 3600 && seconds < summerEnd + 3600
      ? Self.daylight : Self.standard
    return seconds - offset
  }
}

/// A zone of two transitions, by hand: `before` seconds east of UTC until the instant
/// `forward` (clocks go forward by `jump`), then `before + jump` until the instant `back`
/// (clocks go back by `jump`), then `before` again.
struct TwoTransitionZone: ZoneRules {
  let before: Int
  let jump: Int
  let forward: Int
  let back: Int

  func utcOffset(at unixSeconds: Int) -> Int {
    (forward..<back).contains(unixSeconds) ? before + jump : before
  }

  func instant(of local: LocalDateTime) -> Int {
    let seconds = local.secondsSinceEpoch
    let gapStart = forward + before  // local time of the forward change
    let overlapStart = back + before  // local time clocks are set back to
    // Before the change and in its gap: the offset before; in the overlap: the first pass,
    // summer time.
    if seconds < gapStart + jump || seconds >= overlapStart + jump { return seconds - before }
    return seconds - before - jump
  }
}
