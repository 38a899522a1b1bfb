import Foundation
import NoteStore
import TestSupport
import Testing

/// Paging by week and month as the built `calpager` runs it: one-shot commands and the line
/// mode, the `page-by` setting, the saved selection, and bad input changing nothing.
@Suite struct PeriodPagingEndToEndTests {
  @Test func oneShotCommandsPageByWeekAndMonthAndSaveTheDay() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-01-31", "month end"])
    let month = try calpager.run(["goto", "2024-01-31", "--by", "month"])
    #expect(month.status == 0)
    #expect(month.stdout.contains("January 2024 · 1 note\n"))
    #expect(month.stdout.contains("Wednesday 31 January 2024 · 1 note\n  #1  month end\n"))
    #expect(try calpager.run(["next", "--by", "month"]).stdout.contains("\n 26  27  28 >29\n"))
    #expect(try calpager.store().selectedDay()?.description == "2024-02-29")
    let week = try calpager.run(["prev", "2", "--by", "week", "--json"])
    #expect(
      week.stdout.hasPrefix(#"{"selected":"2024-02-15","by":"week","days":[{"day":"2024-02-12","#))
    #expect(try calpager.store().selectedDay()?.description == "2024-02-15")
  }

  @Test func badUnitsAreUsageErrorsThatChangeNothing() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "2024-05-01"])
    let before = calpager.snapshot()
    for words in [
      ["next", "--by", "yaer"], ["show", "--by"], ["config", "set", "page-by", "year"],
    ] {
      let result = try calpager.run(words)
      #expect(result.status == 64, "\(words)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").first?.hasPrefix("Error: ") == true)
    }
    #expect(
      try calpager.run(["next", "--by", "yaer"]).stderr.hasPrefix(
        "Error: 'yaer' is not a unit: expected day, week or month\nUsage: calpager next"))
    #expect(calpager.snapshot() == before)
  }

  @Test func theLineModeFollowsPageByAndBy() throws {
    let calpager = Calpager()
    let script = """
      goto 2024-05-01
      config set page-by week
      show
      next
      goto 2024-06 --by month
      prev --by day
      config set page-by month
      today

      """
    let result = try calpager.run(["shell", "--json"], stdin: script)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    #expect(lines[0].hasPrefix(#"{"selected":"2024-05-01","notes":[]"#))
    #expect(
      lines[2].hasPrefix(#"{"selected":"2024-05-01","by":"week","days":[{"day":"2024-04-29""#))
    #expect(lines[3].hasPrefix(#"{"selected":"2024-05-08","by":"week""#))
    #expect(lines[4].hasPrefix(#"{"selected":"2024-06-01","by":"month""#))
    #expect(lines[5].hasPrefix(#"{"selected":"2024-05-31","notes":[]"#))
    #expect(lines[6] == #"{"page-by":"month"}"#)
    #expect(lines[7].hasPrefix(#"{"selected":"2030-06-15","by":"month""#))
    #expect(try calpager.store().selectedDay()?.description == "2030-06-15")
  }
}
