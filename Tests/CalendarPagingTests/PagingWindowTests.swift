import TestSupport
import Testing

@testable import CalendarPaging

@Suite struct PagingWindowTests {
  /// Builds a window over `CountingSource` and returns it with the number of calls it took.
  func window(
    around center: Int, bounds: ClosedRange<Int> = Int.min / 4...Int.max / 4, menuWidth: Int,
    itemWidth: Int, spacing: Int = 0
  ) -> (window: PagingWindow<Number>, index: Int, calls: Int) {
    let source = CountingSource(bounds: bounds)
    let metrics = WindowMetrics(
      menuWidth: menuWidth, estimatedItemWidth: itemWidth, spacing: spacing)
    let (window, index) = PagingWindow.generate(
      around: Number(center), in: source, metrics: metrics, width: { _ in itemWidth })
    return (window, index, source.calls)
  }

  func values(_ window: PagingWindow<Number>) -> [Int] { window.items.map(\.value) }

  /// Parchment's PagingControllerTests: a 100-column menu of 50-column items around item 2
  /// holds items 0…4, with items before and after.
  @Test func parchmentsExampleAroundItem2() {
    let (window, index, calls) = window(around: 2, menuWidth: 100, itemWidth: 50)
    #expect(values(window) == [0, 1, 2, 3, 4])
    #expect(index == 2)
    #expect(window.hasItemsBefore)
    #expect(window.hasItemsAfter)
    #expect(window.itemBefore == Number(-1))
    #expect(window.itemAfter == Number(5))
    #expect(calls == 6)  // four items, then one probe each way
  }

  @Test func atTheFirstItemTheUnusedLeftBudgetMovesRight() {
    let (window, index, calls) = window(around: 0, bounds: 0...100, menuWidth: 100, itemWidth: 50)
    #expect(values(window) == [0, 1, 2, 3, 4])
    #expect(index == 0)
    #expect(!window.hasItemsBefore)
    #expect(window.hasItemsAfter)
    #expect(calls == 6)  // nil before 0 ends the left side: no probe repeats it

    let (nearFirst, nearIndex, _) = self.window(
      around: 1, bounds: 0...100, menuWidth: 100, itemWidth: 50)
    #expect(values(nearFirst) == [0, 1, 2, 3, 4])
    #expect(nearIndex == 1)
  }

  @Test func atTheLastItemTheUnusedRightBudgetMovesBackLeft() {
    let (window, index, calls) = window(around: 10, bounds: 0...10, menuWidth: 100, itemWidth: 50)
    #expect(values(window) == [6, 7, 8, 9, 10])
    #expect(index == 4)
    #expect(window.hasItemsBefore)
    #expect(!window.hasItemsAfter)
    #expect(calls == 6)
  }

  @Test func aSourceSmallerThanTheMenuIsHeldWhole() {
    let (window, index, calls) = window(around: 1, bounds: 0...2, menuWidth: 100, itemWidth: 50)
    #expect(values(window) == [0, 1, 2])
    #expect(index == 1)
    #expect(!window.hasItemsBefore && !window.hasItemsAfter)
    #expect(calls == 4)
    let (single, _, singleCalls) = self.window(
      around: 5, bounds: 5...5, menuWidth: 100, itemWidth: 10)
    #expect(values(single) == [5])
    #expect(!single.hasItemsBefore && !single.hasItemsAfter)
    #expect(singleCalls == 2)
  }

  @Test func aZeroWidthMenuHoldsOnlyTheSelection() {
    let (window, index, calls) = window(around: 7, menuWidth: 0, itemWidth: 7)
    #expect(values(window) == [7])
    #expect(index == 0)
    #expect(window.itemBefore == Number(6))
    #expect(window.itemAfter == Number(8))
    #expect(calls == 2)
  }

  @Test func anItemWiderThanTheMenuUsesUpBothBudgets() {
    // 250 > 2 × 100: the left item overshoots so far that nothing is left for the right.
    let (wide, wideIndex, _) = window(around: 7, menuWidth: 100, itemWidth: 250)
    #expect(values(wide) == [6, 7])
    #expect(wideIndex == 1)
    #expect(wide.itemAfter == Number(8))
    // 150: the right gets 100 − 50 = 50 columns, one item.
    let (wider, _, _) = window(around: 7, menuWidth: 100, itemWidth: 150)
    #expect(values(wider) == [6, 7, 8])
  }

  @Test func spacingIsChargedWithEachItem() {
    // 30 + 5 = 35 a slot: three slots (105) fill the left, 100 − 5 = 95 takes three right.
    let (spaced, index, _) = window(around: 0, menuWidth: 100, itemWidth: 30, spacing: 5)
    #expect(values(spaced) == Array(-3...3))
    #expect(index == 3)
    // Without spacing, four slots (120) fill the left and 80 takes three on the right.
    let (tight, _, _) = window(around: 0, menuWidth: 100, itemWidth: 30)
    #expect(values(tight) == Array(-4...3))
    // 40 + 10 fills exactly like Parchment's 50-column example.
    let (exact, _, _) = window(around: 2, menuWidth: 100, itemWidth: 40, spacing: 10)
    #expect(values(exact) == [0, 1, 2, 3, 4])
  }

  @Test func theResearchsWindowSizes() {
    // Parchment's calendar example: 390 points of 48-point items, 9 + 1 + 8.
    #expect(window(around: 0, menuWidth: 390, itemWidth: 48).window.items.count == 18)
    // An 80-column terminal with 7-column slots: 12 + 1 + 11.
    #expect(window(around: 0, menuWidth: 80, itemWidth: 5, spacing: 2).window.items.count == 24)
  }

  @Test func measuredWidthsMatchTheReferenceFill() {
    var random = SplitMix64(seed: 3)
    for _ in 0..<2000 {
      let lower = random.chance(0.5) ? random.next(in: -40...0) : Int.min / 4
      let upper = random.chance(0.5) ? random.next(in: 0...40) : Int.max / 4
      let center = random.next(in: max(lower, -40)...min(upper, 40))
      let menuWidth = random.next(in: 0...150)
      let spacing = random.next(in: 0...4)
      let salt = random.next(in: 0...1000)
      let width: (Int) -> Int = { ($0 &* 31 &+ salt) & 15 }
      let source = CountingSource(bounds: lower...upper)
      let (window, index) = PagingWindow.generate(
        around: Number(center), in: source,
        metrics: WindowMetrics(menuWidth: menuWidth, estimatedItemWidth: 1, spacing: spacing),
        width: { width($0.value) })
      let expected = referenceWindow(
        around: center, bounds: lower...upper, menuWidth: menuWidth, spacing: spacing,
        width: width)
      #expect(values(window) == Array(expected.items))
      #expect(window.hasItemsBefore == expected.hasItemsBefore)
      #expect(window.hasItemsAfter == expected.hasItemsAfter)
      #expect(window.items[index] == Number(center))
      #expect(source.calls <= window.items.count + 1)
    }
  }

  @Test func indexOfFindsOnlyHeldItems() {
    let (window, _, _) = window(around: 2, menuWidth: 100, itemWidth: 50)
    #expect(window.index(of: Number(0)) == 0)
    #expect(window.index(of: Number(4)) == 4)
    #expect(window.index(of: Number(5)) == nil)
    #expect(window.index(of: Number(-1)) == nil)
  }
}
