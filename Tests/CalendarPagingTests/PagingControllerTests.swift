import Testing

@testable import CalendarPaging

/// A controller over `CountingSource` with recorded events and pages.
final class Harness {
  let source: CountingSource
  let pages = RecordingPages()
  let controller: PagingController<CountingSource, RecordingPages>
  var events: [PagingEvent<Number>] = []

  init(
    bounds: ClosedRange<Int> = Int.min / 4...Int.max / 4, menuWidth: Int = 100,
    itemWidth: Int = 10, spacing: Int = 0, margin: Int? = nil
  ) {
    source = CountingSource(bounds: bounds)
    controller = PagingController(
      dataSource: source, pageProvider: pages,
      metrics: WindowMetrics(
        menuWidth: menuWidth, estimatedItemWidth: itemWidth, spacing: spacing, margin: margin))
    controller.onEvent = { [unowned self] in self.events.append($0) }
  }

  /// Clears the recorded events, calls and page loads.
  func reset() {
    events = []
    source.calls = 0
    pages.loaded = []
  }

  var selection: Int? { controller.selectedItem?.value }
  var windowValues: [Int] { controller.window.items.map(\.value) }
}

func n(_ value: Int) -> Number { Number(value) }

@Suite struct PagingControllerTests {
  @Test func theFirstSelectionBuildsTheWindowAndLoadsThreePages() {
    let harness = Harness()
    #expect(harness.controller.state == .empty)
    #expect(!harness.controller.canGoBack && !harness.controller.canGoForward)
    #expect(harness.controller.selectNext() == .failed(.empty))
    #expect(harness.controller.select(n(50)) == .selected(n(50)))
    #expect(harness.events == [.didSelect(n(50)), .didReload(around: n(50))])
    #expect(harness.windowValues == Array(40...60))
    #expect(harness.pages.loaded == [n(50), n(49), n(51)])
    #expect(harness.controller.pages.selectedPage == "page 50")
    #expect(harness.source.windows.count == 1)
  }

  @Test func aStepInsideTheWindowCallsNoDataSourceAndLoadsOnePage() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    #expect(harness.controller.selectNext() == .selected(n(51)))
    #expect(
      harness.events == [
        .isScrolling(from: n(50), to: n(51), progress: 1), .willScroll(to: n(51)),
        .didScroll(to: n(51), transitionSuccessful: true),
      ])
    #expect(harness.source.calls == 0)
    #expect(harness.pages.loaded == [n(52)])
    #expect(harness.controller.pages.items == (n(50), n(51), n(52)))
    harness.reset()
    #expect(harness.controller.selectPrevious() == .selected(n(50)))
    #expect(
      harness.events == [
        .isScrolling(from: n(51), to: n(50), progress: -1), .willScroll(to: n(50)),
        .didScroll(to: n(50), transitionSuccessful: true),
      ])
    #expect(harness.source.calls == 0)
    #expect(harness.pages.loaded == [n(49)])
  }

  @Test func aStepThatLeavesTooFewItemsAheadRebuildsAContiguousWindow() {
    // 10 items of 10 columns each side; the margin is 50 columns.
    let harness = Harness()
    harness.controller.select(n(50))
    var rebuiltAt: [Int] = []
    for _ in 0..<20 {
      harness.reset()
      let windows = harness.source.windows.count
      harness.controller.selectNext()
      if harness.source.windows.count > windows {
        rebuiltAt.append(harness.selection!)
        #expect(harness.source.calls <= harness.controller.window.items.count + 2)
        #expect(harness.windowValues == Array(harness.selection! - 10...harness.selection! + 10))
      } else {
        #expect(harness.source.calls == 0)
      }
    }
    // From 40…60 around 50, 56 leaves 40 columns ahead (< 50): rebuild around 56, then 62…
    #expect(rebuiltAt == [56, 62, 68])
  }

  @Test func aZeroMarginRebuildsOnlyOnReachingTheWindowsEnd() {
    let harness = Harness(margin: 0)
    harness.controller.select(n(50))
    for expected in 51...59 {
      harness.reset()
      harness.controller.selectNext()
      #expect(harness.selection == expected)
      #expect(harness.source.calls == 0)
    }
    harness.reset()
    harness.controller.selectNext()
    #expect(harness.windowValues == Array(50...70))
    #expect(harness.source.calls == 22)
  }

  @Test func aMovePastTheLastItemFailsAndTheSelectionStays() {
    let harness = Harness(bounds: 0...20)
    harness.controller.select(n(20))
    #expect(!harness.controller.canGoForward)
    #expect(harness.controller.canGoBack)
    harness.reset()
    #expect(harness.controller.selectNext() == .failed(.edge(.after, at: n(20))))
    #expect(
      harness.events == [
        .isScrolling(from: n(20), to: nil, progress: 1),
        .didScroll(to: n(20), transitionSuccessful: false),
      ])
    #expect(harness.controller.state == .selected(n(20)))
    #expect(harness.source.calls == 0)
    #expect(harness.pages.loaded == [])
  }

  @Test func aMoveBeforeTheFirstItemFailsAndTheSelectionStays() {
    let harness = Harness(bounds: 0...20)
    harness.controller.select(n(0))
    harness.reset()
    #expect(!harness.controller.canGoBack)
    #expect(harness.controller.selectPrevious() == .failed(.edge(.before, at: n(0))))
    #expect(
      harness.events == [
        .isScrolling(from: n(0), to: nil, progress: -1),
        .didScroll(to: n(0), transitionSuccessful: false),
      ])
    #expect(harness.selection == 0)
  }

  @Test func theDaySourceStopsAtTheCalendarsEnds() throws {
    let controller = PagingController(
      dataSource: BoundedDataSource<Day>(),
      metrics: MenuOptions().windowMetrics(lineWidth: 80))
    var events: [PagingEvent<Day>] = []
    controller.onEvent = { events.append($0) }
    controller.select(.last)
    events = []
    #expect(controller.selectNext() == .failed(.edge(.after, at: .last)))
    #expect(
      events == [
        .isScrolling(from: .last, to: nil, progress: 1),
        .didScroll(to: .last, transitionSuccessful: false),
      ])
    #expect(controller.selectedItem == .last)
    #expect(controller.selectPrevious() == .selected(try Day(parsing: "9999-12-30")))
    controller.select(.first)
    #expect(controller.selectPrevious() == .failed(.edge(.before, at: .first)))
    #expect(controller.selectedItem == .first)
    #expect(controller.window.items.first == .first)
  }

  @Test func aFarSelectBuildsAContiguousWindowNotAUnion() {
    let harness = Harness()
    harness.controller.select(n(0))
    harness.reset()
    #expect(harness.controller.select(n(1000)) == .selected(n(1000)))
    #expect(
      harness.events == [
        .didSelect(n(1000)), .isScrolling(from: n(0), to: n(1000), progress: 1),
        .willScroll(to: n(1000)), .didScroll(to: n(1000), transitionSuccessful: true),
      ])
    #expect(harness.windowValues == Array(990...1010))
    #expect(harness.pages.loaded == [n(1000), n(999), n(1001)])
    #expect(harness.source.calls <= harness.controller.window.items.count + 2)
    harness.reset()
    harness.controller.select(n(-5))
    #expect(harness.events[1] == .isScrolling(from: n(1000), to: n(-5), progress: -1))
    #expect(harness.windowValues == Array(-15...5))
  }

  @Test func aSelectInsideTheWindowCallsNoDataSource() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    harness.controller.select(n(53))
    #expect(harness.source.calls == 0)
    #expect(harness.pages.loaded == [n(53), n(52), n(54)])
    #expect(harness.controller.selectedIndex == 13)
  }

  @Test func selectingTheCurrentItemRecentresTheWindow() {
    let harness = Harness(margin: 0)
    harness.controller.select(n(50))
    for _ in 0..<8 { harness.controller.selectNext() }
    #expect(harness.windowValues == Array(40...60))
    harness.reset()
    #expect(harness.controller.select(n(58)) == .selected(n(58)))
    #expect(harness.events == [.didSelect(n(58))])
    #expect(harness.windowValues == Array(48...68))
    #expect(harness.pages.loaded == [])
  }

  @Test func anItemTheSourceDoesNotHoldIsRefused() {
    let harness = Harness(bounds: 0...20)
    harness.controller.select(n(5))
    harness.reset()
    #expect(harness.controller.select(n(21)) == .failed(.notInDataSource(n(21))))
    #expect(harness.events == [])
    #expect(harness.selection == 5)
    #expect(harness.controller.reloadData(around: n(-1)) == .failed(.notInDataSource(n(-1))))
    #expect(harness.selection == 5)
  }

  @Test func reloadDataKeepsTheSelectionOfAnInfiniteSource() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.controller.selectNext()
    harness.reset()
    #expect(harness.controller.reloadData() == .selected(n(51)))
    #expect(harness.events == [.didReload(around: n(51))])
    #expect(harness.windowValues == Array(41...61))
    #expect(harness.pages.loaded == [n(51), n(50), n(52)])
  }

  @Test func reloadDataMovesToTheNearestItemStillHeld() {
    let harness = Harness(bounds: 0...100)
    harness.controller.select(n(80))
    harness.source.bounds = 0...30
    harness.reset()
    #expect(harness.controller.reloadData() == .selected(n(30)))
    #expect(harness.events == [.didReload(around: n(30))])
    #expect(harness.windowValues.last == 30)
    #expect(!harness.controller.canGoForward)
  }

  @Test func reloadDataAroundAnItemSelectsIt() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    #expect(harness.controller.reloadData(around: n(7)) == .selected(n(7)))
    #expect(harness.events == [.didReload(around: n(7))])
    #expect(harness.windowValues == Array(-3...17))
    #expect(harness.pages.loaded == [n(7), n(6), n(8)])
  }

  @Test func reloadMenuAppliesNewMetricsAndKeepsThePages() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    harness.controller.metrics.menuWidth = 40
    #expect(harness.controller.reloadMenu() == .selected(n(50)))
    #expect(harness.windowValues == Array(46...54))
    #expect(harness.pages.loaded == [])
    #expect(harness.events == [.didReload(around: n(50))])
  }

  @Test func aSelectDuringATransitionIsQueuedNotDropped() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    #expect(harness.controller.updateTransition(progress: 0.3) == .selected(n(50)))
    #expect(harness.controller.state == .scrolling(from: n(50), to: n(51), progress: 0.3))
    #expect(harness.controller.select(n(80)) == .queued)
    #expect(harness.controller.selectNext() == .queued)
    #expect(harness.controller.updateTransition(progress: 1) == .selected(n(51)))
    #expect(
      harness.events == [
        .isScrolling(from: n(50), to: n(51), progress: 0.3), .willScroll(to: n(51)),
        .isScrolling(from: n(50), to: n(51), progress: 1),
        .didScroll(to: n(51), transitionSuccessful: true),
        .didSelect(n(80)), .isScrolling(from: n(51), to: n(80), progress: 1),
        .willScroll(to: n(80)), .didScroll(to: n(80), transitionSuccessful: true),
        .isScrolling(from: n(80), to: n(81), progress: 1), .willScroll(to: n(81)),
        .didScroll(to: n(81), transitionSuccessful: true),
      ])
    #expect(harness.selection == 81)
  }

  @Test func commandsFromTheObserverRunAfterTheCurrentOne() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    var results: [PagingResult<Number>] = []
    harness.controller.onEvent = { [unowned harness] event in
      harness.events.append(event)
      if case .willScroll(n(51)) = event {
        results.append(harness.controller.selectNext())
      }
    }
    #expect(harness.controller.selectNext() == .selected(n(51)))
    #expect(results == [.queued])
    #expect(
      harness.events == [
        .isScrolling(from: n(50), to: n(51), progress: 1), .willScroll(to: n(51)),
        .didScroll(to: n(51), transitionSuccessful: true),
        .isScrolling(from: n(51), to: n(52), progress: 1), .willScroll(to: n(52)),
        .didScroll(to: n(52), transitionSuccessful: true),
      ])
  }

  @Test func aTransitionBackToZeroIsCancelled() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    harness.controller.updateTransition(progress: -0.4)
    #expect(harness.controller.state.visuallySelectedItem == n(50))
    harness.controller.updateTransition(progress: -0.6)
    #expect(harness.controller.state.visuallySelectedItem == n(49))
    harness.controller.updateTransition(progress: 0)
    #expect(
      harness.events == [
        .isScrolling(from: n(50), to: n(49), progress: -0.4), .willScroll(to: n(49)),
        .isScrolling(from: n(50), to: n(49), progress: -0.6),
        .isScrolling(from: n(50), to: nil, progress: 0),
        .didScroll(to: n(50), transitionSuccessful: false),
      ])
    #expect(harness.controller.state == .selected(n(50)))
  }

  @Test func aReversalEndsOneTransitionAndStartsAnother() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.reset()
    harness.controller.updateTransition(progress: 0.4)
    harness.controller.updateTransition(progress: -0.2)
    #expect(
      harness.events == [
        .isScrolling(from: n(50), to: n(51), progress: 0.4), .willScroll(to: n(51)),
        .didScroll(to: n(50), transitionSuccessful: false),
        .isScrolling(from: n(50), to: n(49), progress: -0.2), .willScroll(to: n(49)),
      ])
    #expect(harness.controller.endTransition() == .selected(n(50)))
    #expect(harness.events.last == .didScroll(to: n(50), transitionSuccessful: false))
  }

  @Test func endingATransitionCompletesItPastHalfWay() {
    let harness = Harness(bounds: 0...100)
    harness.controller.select(n(50))
    harness.controller.updateTransition(progress: 0.7)
    #expect(harness.controller.endTransition() == .selected(n(51)))
    #expect(harness.events.last == .didScroll(to: n(51), transitionSuccessful: true))
    harness.controller.select(n(100))
    harness.reset()
    harness.controller.updateTransition(progress: 0.9)
    harness.controller.updateTransition(progress: 1.2)
    #expect(harness.controller.state.isScrolling)
    #expect(harness.controller.endTransition() == .failed(.edge(.after, at: n(100))))
    #expect(
      harness.events == [
        .isScrolling(from: n(100), to: nil, progress: 0.9),
        .isScrolling(from: n(100), to: nil, progress: 1.2),
        .didScroll(to: n(100), transitionSuccessful: false),
      ])
  }

  @Test func aReloadDuringATransitionCancelsItFirst() {
    let harness = Harness()
    harness.controller.select(n(50))
    harness.controller.updateTransition(progress: 0.5)
    harness.reset()
    #expect(harness.controller.reloadData() == .selected(n(50)))
    #expect(
      harness.events == [
        .didScroll(to: n(50), transitionSuccessful: false), .didReload(around: n(50)),
      ])
  }

  @Test func aFixedSourceIsPagedThroughItsNeighbours() {
    let letters = ["a", "c", "f", "k"].map { Number(Int($0.unicodeScalars.first!.value)) }
    let controller = PagingController(
      dataSource: ArrayDataSource(letters),
      metrics: WindowMetrics(menuWidth: 10, estimatedItemWidth: 3))
    controller.select(letters[1])
    #expect(controller.window.items == letters)
    #expect(controller.selectNext() == .selected(letters[2]))
    #expect(controller.selectNext() == .selected(letters[3]))
    #expect(controller.selectNext() == .failed(.edge(.after, at: letters[3])))
    #expect(controller.select(Number(98)) == .failed(.notInDataSource(Number(98))))
  }

  @Test func nextThenPreviousIsTheIdentityAwayFromTheEdges() {
    let harness = Harness(bounds: -30...30, menuWidth: 33, itemWidth: 4, spacing: 1)
    for start in -29...29 {
      harness.controller.select(n(start))
      harness.controller.selectNext()
      harness.controller.selectPrevious()
      #expect(harness.selection == start)
      harness.controller.selectPrevious()
      harness.controller.selectNext()
      #expect(harness.selection == start)
    }
  }

  @Test func weeksAndMonthsPageLikeDays() throws {
    let weeks = PagingController(
      dataSource: BoundedDataSource<Week>(firstWeekday: .sunday),
      metrics: WindowMetrics(menuWidth: 40, estimatedItemWidth: 8, spacing: 1))
    weeks.select(Week(containing: try Day(parsing: "2024-05-01"), firstWeekday: .sunday))
    #expect(weeks.selectNext().item?.firstDay.description == "2024-05-05")
    #expect(weeks.selectPrevious().item?.firstDay.description == "2024-04-28")
    #expect(weeks.window.items.count == 10)
    let months = PagingController(
      dataSource: BoundedDataSource<Month>(),
      metrics: WindowMetrics(menuWidth: 40, estimatedItemWidth: 8, spacing: 1))
    months.select(.last)
    #expect(months.selectNext() == .failed(.edge(.after, at: .last)))
    #expect(months.selectPrevious().item?.description == "9999-11")
  }

  /// A store-like source: it wraps the day source and loads per-day data for the whole
  /// window with one "query" each time the window is rebuilt.
  struct NoteCountSource: PagingDataSource {
    var days = BoundedDataSource<Day>()
    var queries: [ClosedRange<Day>] = []
    var counts: [Day: Int] = [:]

    func item(before day: Day) -> Day? { days.item(before: day) }
    func item(after day: Day) -> Day? { days.item(after: day) }
    func nearestItem(to day: Day) -> Day? { days.nearestItem(to: day) }

    mutating func windowDidChange(_ window: PagingWindow<Day>) {
      let range = window.items.first!...window.items.last!
      queries.append(range)
      counts = Dictionary(
        uniqueKeysWithValues: window.items.map { ($0, $0.dayNumber % 3) })
    }
  }

  @Test func aStoreLoadsPerWindowDataOncePerRebuild() throws {
    let controller = PagingController(
      dataSource: NoteCountSource(), metrics: MenuOptions().windowMetrics(lineWidth: 80))
    controller.select(try Day(parsing: "2024-05-01"))
    #expect(controller.dataSource.queries.count == 1)
    #expect(
      controller.dataSource.queries.last
        == (try Day(parsing: "2024-04-22"))...(try Day(parsing: "2024-05-10")))
    var steps = 0
    while controller.dataSource.queries.count == 1 {
      controller.selectNext()
      steps += 1
    }
    // 9-column slots, 81 columns ahead: 36 < 40 columns are left after the fifth step.
    #expect(steps == 5)
    let window = controller.window.items
    #expect(controller.dataSource.queries.last == window.first!...window.last!)
    #expect(window.allSatisfy { controller.dataSource.counts[$0] != nil })
  }

  /// An unbounded source with only the two required methods: it holds every item.
  struct Integers: PagingDataSource {
    func item(before item: Number) -> Number? { Number(item.value - 1) }
    func item(after item: Number) -> Number? { Number(item.value + 1) }
  }

  @Test func aMinimalSourceHoldsEveryItem() {
    let controller = PagingController(
      dataSource: Integers(), metrics: WindowMetrics(menuWidth: 4, estimatedItemWidth: 1))
    #expect(controller.select(n(1_000_000)) == .selected(n(1_000_000)))
    #expect(controller.window.items.count == 9)
    let result = controller.select(n(-7))
    #expect(result.item == n(-7) && result.failure == nil)
    controller.updateTransition(progress: 0.25)
    #expect(controller.state.upcomingItem == n(-6))
    #expect(controller.state.progress == 0.25)
    #expect(controller.state.currentItem == n(-7))
    #expect(controller.selectNext() == .queued)
    #expect(PagingResult<Number>.queued.item == nil)
    #expect(PagingResult.failed(.empty).failure == PagingFailure<Number>.empty)
    controller.endTransition()
    #expect(controller.selectedItem == n(-6))
    #expect(
      PagingState<Number>.empty.progress == 0 && PagingState<Number>.empty.upcomingItem == nil)
  }
}
