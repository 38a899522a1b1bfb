import CalendarPaging
import CommandLanguage

/// libFuzzer entry: DATE and RANGE expressions, parsed and resolved.
///
/// The first 8 bytes choose today and the selected day anywhere in 0001-01-01…9999-12-31; the
/// rest is the expression. Parsing must never crash, agree between bytes and strings, and
/// round-trip through `description`; resolving must give exactly the day the arithmetic says
/// or report the edge it would cross; a resolved range is never reversed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 8 else { return 0 }
  let span = UInt32(Day.last.dayNumber - Day.first.dayNumber + 1)
  func day(at offset: Int) -> Day {
    var value: UInt32 = 0
    for index in offset..<offset + 4 { value = value << 8 | UInt32(data[index]) }
    return Day(dayNumber: Day.first.dayNumber + Int(value % span)) ?? .first
  }
  let today = day(at: 0)
  let selected = day(at: 4)
  let bytes = UnsafeBufferPointer(start: data + 8, count: size - 8)
  let text = String(decoding: bytes, as: UTF8.self)
  checkDate(text, bytes: bytes, today: today, selected: selected)
  checkRange(text, today: today, selected: selected)
  return 0
}

private func checkDate(
  _ text: String, bytes: UnsafeBufferPointer<UInt8>, today: Day, selected: Day
) {
  let fromBytes = DateExpression.parse(bytes: bytes)
  let expression: DateExpression
  do {
    expression = try DateExpression(parsing: text)
  } catch {
    precondition(fromBytes == nil || !text.utf8.elementsEqual(bytes), "bytes and text disagree")
    precondition(!error.description.isEmpty && !error.description.contains("\n"))
    return
  }
  if text.utf8.elementsEqual(bytes) { precondition(fromBytes == expression, "disagree") }
  precondition((try? DateExpression(parsing: expression.description)) == expression)
  let (base, step): (Day, Int)
  switch expression {
  case .day(let day): (base, step) = (day, 0)
  case .today: (base, step) = (today, 0)
  case .yesterday: (base, step) = (today, -1)
  case .tomorrow: (base, step) = (today, 1)
  case .offset(let count): (base, step) = (selected, count)
  case .weekOffset(let count): (base, step) = (selected, count * 7)
  case .monthOffset(let count): (base, step) = (selected, monthStep(from: selected, by: count))
  case .month(let month): (base, step) = (month.firstDay, 0)
  case .week(let week):
    precondition(week.firstWeekday == .monday && week.firstDay.weekday == .monday)
    (base, step) = (week.firstDay, 0)
  case .weekday(let weekday):
    let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
    (base, step) = (today, ahead == 0 ? 7 : ahead)
  }
  let target = base.dayNumber + step
  do {
    let resolved = try expression.resolve(today: today, selected: selected)
    precondition(resolved.dayNumber == target, "wrong day")
  } catch {
    precondition(!Day.dayNumbers.contains(target), "refused a reachable day")
    guard case .outOfRange(let failed, let from, let direction) = error else {
      preconditionFailure("unexpected error \(error)")
    }
    precondition(failed == expression && from == base)
    precondition((direction == .after) == (target > Day.last.dayNumber))
  }
}

/// The days from `day` to the same day of the month `count` months later, clamped to the
/// month's end, by counting months one at a time; past the calendar, a step past its edge.
private func monthStep(from day: Day, by count: Int) -> Int {
  var (year, month, dayOfMonth) = day.components
  let months = year * 12 + month - 1 + count
  guard months >= 12, months < 10_000 * 12 else { return count < 0 ? -4_000_000 : 4_000_000 }
  year = months / 12
  month = months % 12 + 1
  let length = Month(year: year, month: month)?.numberOfDays ?? 31
  dayOfMonth = min(dayOfMonth, length)
  return (Day(year: year, month: month, day: dayOfMonth) ?? day).dayNumber - day.dayNumber
}

private func checkRange(_ text: String, today: Day, selected: Day) {
  let range: RangeExpression
  do {
    range = try RangeExpression(parsing: text)
  } catch {
    precondition(!error.description.isEmpty && !error.description.contains("\n"))
    return
  }
  precondition((try? RangeExpression(parsing: range.description)) == range, "no round trip")
  do {
    let days = try range.resolve(today: today, selected: selected)
    precondition(days.lowerBound <= days.upperBound)
    let start = try range.start.days(today: today, selected: selected)
    precondition(days.lowerBound == start.lowerBound, "wrong first day")
  } catch {
    switch error {
    case .outOfRange: break
    case .reversedRange(let failed, let start, let end):
      precondition(
        failed == range && end < start
          && !(range.start.isAbsolute && (range.end?.isAbsolute ?? true)),
        "absolute reversed range parsed")
    default: preconditionFailure("unexpected error \(error)")
    }
  }
}
