import CalendarPaging
import NoteStore
import Testing

@testable import CalPagerCLI

/// The pager's cache of pages: what it keeps, for which day, and what it drops first.
@Suite struct PageContentsTests {
  static func content(_ day: Day) -> PageContent {
    PageContent(notes: DayNotes(day: day))
  }

  @Test func keepsTheLatestDaysAndDropsTheOldestFirst() {
    var contents = PageContents(capacity: 3)
    let days = (0..<5).map { Day.first.adding(days: $0)! }
    var stored: [Day: PageContent] = [:]
    for day in days {
      let content = Self.content(day)
      stored[day] = content
      contents[day] = content
    }
    #expect(contents[days[0]] == nil)
    #expect(contents[days[1]] == nil)
    for day in days[2...] { #expect(contents[day] === stored[day]) }
  }

  @Test func aDayKeptAgainReplacesItsContentWithoutDroppingAnother() {
    var contents = PageContents(capacity: 2)
    let first = Day.first
    let second = Day.first.adding(days: 1)!
    contents[first] = Self.content(first)
    contents[second] = Self.content(second)
    let newer = Self.content(first)
    contents[first] = newer
    #expect(contents[first] === newer)
    #expect(contents[second] != nil)
    contents.removeAll()
    #expect(contents[first] == nil && contents[second] == nil)
  }
}
