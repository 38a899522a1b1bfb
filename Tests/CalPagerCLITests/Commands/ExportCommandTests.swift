import CalendarPaging
import CommandLanguage
import Testing

@testable import CalPagerCLI

@Suite struct ExportCommandTests {
  let today = day("2024-05-10")
  let selected = day("2024-05-01")

  @Test func resolvesExportBounds() throws {
    #expect(try ExportCommand().days(today: today, selected: selected) == Day.first...Day.last)
    let week = ExportCommand(from: .offset(-3), to: .today)
    #expect(try week.days(today: today, selected: selected) == day("2024-04-28")...today)
    let reversed = ExportCommand(from: .today, to: .offset(0))
    #expect(throws: DateExpressionError.fromAfterTo(from: today, to: selected)) {
      try reversed.days(today: today, selected: selected)
    }
  }
}
