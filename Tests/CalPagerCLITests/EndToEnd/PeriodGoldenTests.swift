import Foundation
import TestSupport
import Testing

/// The week page and the month grid, byte for byte: at 20, 40, 80 and 132 columns, with and
/// without colour, weeks starting on Monday and on Sunday; months starting on each weekday,
/// February in leap and common years, and the calendar's first and last weeks and months.
///
/// The goldens live in `Tests/CalPagerCLITests/Goldens`; after a deliberate change, rerun with
/// `CALPAGER_UPDATE_GOLDENS=1`, read the diff, and commit it.
@Suite struct PeriodGoldenTests {
  /// The page golden's database (today 2030-06-15, notes on 13, 14 and 16 June 2030 that stress
  /// the layout, 14 June selected), with notes on the 1st and the 30th of June too.
  static func makeCalpager() throws -> Calpager {
    let calpager = try PageGoldenTests.makeCalpager()
    for (day, body) in [("2030-06-01", "Moving day"), ("2030-06-30", "Half the year gone")] {
      let result = try calpager.run(["add", "--day", day, body])
      guard result.status == 0 else { throw PageGoldenTests.CommandFailure(result.stderr) }
    }
    return calpager
  }

  /// The output of `arguments` under a line naming them, for goldens holding several pages.
  static func section(_ calpager: Calpager, _ arguments: [String]) throws -> [UInt8] {
    let result = try calpager.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return Array("== calpager \(arguments.joined(separator: " "))\n".utf8) + result.stdoutBytes
  }

  @Test(arguments: ["week", "month"], [20, 40, 80, 132])
  func pagesAtEveryWidth(unit: String, width: Int) throws {
    let calpager = try PeriodGoldenTests.makeCalpager()
    var bytes: [UInt8] = []
    for firstWeekday in ["monday", "sunday"] {
      try calpager.run(["config", "set", "first-weekday", firstWeekday])
      for color in ["never", "always"] {
        bytes += try PeriodGoldenTests.section(
          calpager, ["--width", "\(width)", "--color", color, "show", "--by", unit])
      }
    }
    try expectGolden(bytes, "\(unit)-\(width).txt")
  }

  @Test func monthsStartingOnEachWeekday() throws {
    let calpager = try PeriodGoldenTests.makeCalpager()
    var bytes: [UInt8] = []
    for firstWeekday in ["monday", "sunday"] {
      try calpager.run(["config", "set", "first-weekday", firstWeekday])
      // 2030: April starts on a Monday, January a Tuesday, May a Wednesday, August a
      // Thursday, February a Friday, June a Saturday, September a Sunday.
      for month in ["2030-04", "2030-01", "2030-05", "2030-08", "2030-02", "2030-06", "2030-09"] {
        bytes += try PeriodGoldenTests.section(calpager, ["goto", month, "--by", "month"])
      }
    }
    try expectGolden(bytes, "month-starts.txt")
  }

  @Test func februaryInLeapAndCommonYears() throws {
    let calpager = try PeriodGoldenTests.makeCalpager()
    var bytes: [UInt8] = []
    for width in ["80", "20"] {
      for day in ["2024-02-29", "2023-02-28", "2000-02-29", "2100-02-28"] {
        bytes += try PeriodGoldenTests.section(
          calpager, ["--width", width, "goto", day, "--by", "month"])
      }
    }
    try expectGolden(bytes, "month-february.txt")
  }

  @Test func theCalendarsFirstAndLastWeeksAndMonths() throws {
    let calpager = try PeriodGoldenTests.makeCalpager()
    try calpager.run(["add", "--day", "0001-01-01", "The first day"])
    try calpager.run(["add", "--day", "9999-12-31", "The last day"])
    var bytes: [UInt8] = []
    for firstWeekday in ["monday", "sunday"] {
      try calpager.run(["config", "set", "first-weekday", firstWeekday])
      for day in ["0001-01-01", "9999-12-31"] {
        for unit in ["week", "month"] {
          bytes += try PeriodGoldenTests.section(calpager, ["goto", day, "--by", unit])
        }
      }
    }
    try expectGolden(bytes, "period-edges.txt")
  }
}
