import Testing

@testable import CalendarPaging

/// The generic paging model over weeks and months: the same controller, window, page cache and
/// events as over days.
@Suite struct CalendarUnitPagingTests {
  /// Pages of a week: its days.
  struct WeekDays: PageProvider {
    var loaded: [Week] = []
    mutating func page(for week: Week) -> [Day] {
      loaded.append(week)
      var days = [week.firstDay]
      while let next = days[days.count - 1].next, next <= week.lastDay { days.append(next) }
      return days
    }
  }

  @Test(arguments: Weekday.allCases)
  func weeksPageOneAtATimeWithAContiguousWindow(firstWeekday: Weekday) throws {
    let options = MenuOptions()
    let controller = PagingController(
      dataSource: BoundedDataSource<Week>(firstWeekday: firstWeekday), pageProvider: WeekDays(),
      metrics: options.windowMetrics(lineWidth: 80))
    controller.itemWidth = { $0.menuLabelWidth + 2 }
    var events: [PagingEvent<Week>] = []
    controller.onEvent = { events.append($0) }
    let start = Week(containing: try Day(parsing: "2024-05-01"), firstWeekday: firstWeekday)
    #expect(controller.select(start) == .selected(start))
    #expect(events == [.didSelect(start), .didReload(around: start)])
    #expect(controller.pages.selectedPage?.count == 7)
    #expect(controller.pages.selectedPage?.first?.weekday == firstWeekday)
    var week = start
    for _ in 0..<60 {
      events = []
      let next = try #require(week.next)
      #expect(controller.selectNext() == .selected(next))
      #expect(events.last == .didScroll(to: next, transitionSuccessful: true))
      #expect(controller.pages.items == (week, next, next.next))
      week = next
      let items = controller.window.items
      #expect(zip(items, items.dropFirst()).allSatisfy { $0.next == $1 })
      #expect(items.contains(week))
    }
    #expect(week.firstDay == start.firstDay.adding(weeks: 60))
  }

  @Test(arguments: Weekday.allCases)
  func weeksStopAtTheCalendarsEdges(firstWeekday: Weekday) throws {
    let controller = PagingController(
      dataSource: BoundedDataSource<Week>(firstWeekday: firstWeekday),
      metrics: MenuOptions().windowMetrics(lineWidth: 80))
    let last = Week(containing: .last, firstWeekday: firstWeekday)
    controller.select(last)
    #expect(!controller.canGoForward)
    #expect(controller.selectNext() == .failed(.edge(.after, at: last)))
    #expect(controller.selectedItem == last)
    #expect(controller.window.items.last == last)
    let first = Week(containing: .first, firstWeekday: firstWeekday)
    controller.select(first)
    #expect(!controller.canGoBack)
    #expect(controller.selectPrevious() == .failed(.edge(.before, at: first)))
    #expect(controller.window.items.first == first)
    #expect(controller.selectNext() == .selected(try #require(first.next)))
  }

  @Test func monthsPageThroughTheCalendar() throws {
    let controller = PagingController(
      dataSource: BoundedDataSource<Month>(), metrics: MenuOptions().windowMetrics(lineWidth: 80))
    controller.itemWidth = { $0.menuLabelWidth + 2 }
    let december = try Month(parsing: "9999-12")
    controller.select(try Month(parsing: "9999-10"))
    #expect(controller.selectNext() == .selected(try Month(parsing: "9999-11")))
    #expect(controller.selectNext() == .selected(december))
    #expect(controller.selectNext() == .failed(.edge(.after, at: december)))
    #expect(
      controller.window.items.map(\.description).suffix(3) == ["9999-10", "9999-11", "9999-12"])
    controller.select(.first)
    #expect(controller.selectPrevious() == .failed(.edge(.before, at: .first)))
    #expect(controller.window.items.first == .first)
    // About three menu widths of 10-column items: 8 on the line, 8 each side, plus the probes.
    controller.select(try Month(parsing: "2024-05"))
    let labels = controller.window.items.map(\.menuLabel)
    #expect(
      labels.contains("May 2024") && labels.contains("Jan 2024") && labels.contains("Sep 2024"))
  }

  /// A menu of weeks laid out like a menu of days: the selected week centred on an 80-column
  /// line.
  @Test func aWeekMenuLaysOutAroundTheSelection() throws {
    let options = MenuOptions()
    let controller = PagingController(
      dataSource: BoundedDataSource<Week>(firstWeekday: .monday),
      metrics: options.windowMetrics(lineWidth: 80))
    controller.itemWidth = { $0.menuLabelWidth + 2 }
    controller.select(Week(containing: try Day(parsing: "2024-05-01")))
    let layout = MenuLayout(
      window: controller.window, selectedIndex: controller.selectedIndex, lineWidth: 80,
      options: options, labelWidth: { $0.menuLabelWidth + 2 })
    let shown = layout.visibleItems.map { controller.window.items[$0.index].label }
    #expect(shown.contains("W18"))
    let selected = try #require(layout.visibleItems.first { $0.index == layout.selectedIndex })
    #expect(abs(selected.column + selected.width / 2 - 40) <= 10)
  }
}
