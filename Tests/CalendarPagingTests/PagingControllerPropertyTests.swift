import TestSupport
import Testing

@testable import CalendarPaging

/// Random walks over random sources.
///
/// 10,000 walks of next, previous, far selects (inside and outside the source), re-selects,
/// reloads (with changed bounds), menu reloads (with new metrics), step-by-step transitions
/// and commands issued from the observer, over random bounds, item widths, spacing, menu
/// widths and margins. A seeded generator makes every run the same.
@Suite struct PagingControllerPropertyTests {
  enum Operation: CaseIterable {
    case next, previous, farSelect, selectOutside, selectCurrent, reload, reloadWithNewBounds
    case reloadAround, reloadMenu, nextThenPrevious, interactive, reentrant
  }

  /// The walk's world, as the test knows it independently of the controller.
  struct World {
    var bounds: ClosedRange<Int>
    var menuWidth: Int
    var spacing: Int
    var margin: Int
    var width: (Int) -> Int

    func cost(_ value: Int) -> Int { max(1, width(value) + spacing) }
    func hasBefore(_ value: Int) -> Bool { value > bounds.lowerBound }
    func hasAfter(_ value: Int) -> Bool { value < bounds.upperBound }
  }

  @Test func randomWalksKeepEveryInvariant() {
    var random = SplitMix64(seed: 0x5EED)
    var operations = 0
    var rebuilds = 0
    for _ in 0..<10_000 {
      var world = randomWorld(&random)
      let harness = Harness(
        bounds: world.bounds, menuWidth: world.menuWidth, itemWidth: 3, spacing: world.spacing,
        margin: world.margin)
      let width = world.width
      harness.controller.itemWidth = { width($0.value) }
      var grammar = EventGrammar()
      let start = random.next(
        in: max(world.bounds.lowerBound, -80)...min(world.bounds.upperBound, 80))
      harness.controller.select(n(start))
      var centre = start
      for _ in 0..<30 {
        let operation = Operation.allCases.randomElement(using: &random)!
        let before = harness.selection!
        let windowsBefore = harness.source.windows.count
        let windowBefore = harness.controller.window
        harness.reset()
        run(operation, on: harness, world: &world, random: &random)
        operations += 1
        for event in harness.events { grammar.read(event) }
        #expect(grammar.problems.isEmpty, "\(operation): \(grammar.problems)")
        #expect(grammar.isIdle, "\(operation) left a transition open")
        guard grammar.problems.isEmpty, grammar.isIdle else { return }

        let rebuilt = harness.source.windows.count > windowsBefore
        if rebuilt {
          rebuilds += harness.source.windows.count - windowsBefore
          let moves = [.nextThenPrevious, .interactive, .reentrant].contains(operation) ? 10 : 1
          #expect(harness.source.windows.count - windowsBefore <= moves)
          #expect(harness.source.windows.last == harness.controller.window)
        } else if harness.selection == before, operation != .reloadWithNewBounds {
          #expect(harness.controller.window == windowBefore)
        }
        if rebuilt {
          // The window was rebuilt around one of the items the operation selected: the last
          // one whose fill it is (a queued command may have moved on inside it since).
          let visited = harness.events.compactMap { event -> Int? in
            switch event {
            case .didScroll(let item, true), .didReload(let item), .didSelect(let item):
              return item.value
            default: return nil
            }
          }
          guard let found = visited.last(where: { isFill(harness, world: world, around: $0) })
          else {
            Issue.record("\(operation): window \(harness.windowValues) is no fill of \(visited)")
            return
          }
          centre = found
        }
        if !checkWindow(harness, world: world, centre: centre) { return }
        let newWindows = harness.source.windows[windowsBefore...]
        if !checkCalls(harness, operation: operation, world: world, newWindows: newWindows) {
          return
        }
        checkPages(harness, operation: operation, world: world, from: before)
      }
    }
    #expect(operations == 300_000)
    #expect(rebuilds > 30_000)
  }

  func randomWorld(_ random: inout SplitMix64) -> World {
    let lower = random.chance(0.4) ? Int.min / 4 : random.next(in: -60...0)
    let upper = random.chance(0.4) ? Int.max / 4 : random.next(in: 0...60)
    let menuWidth = random.chance(0.05) ? 0 : random.next(in: 1...140)
    let maxWidth = random.next(in: 1...30)
    let salt = random.next(in: 0...1_000_000)
    let width: (Int) -> Int =
      random.chance(0.3)
      ? { _ in maxWidth } : { 1 + (($0 &* 2_654_435_761 &+ salt) & 0xFFFF) % maxWidth }
    let margin = random.chance(0.3) ? (menuWidth + 1) / 2 : random.next(in: 0...menuWidth)
    return World(
      bounds: lower...upper, menuWidth: menuWidth, spacing: random.next(in: 0...3),
      margin: margin, width: width)
  }

  /// Runs one operation and checks its result and events against what the world implies.
  func run(
    _ operation: Operation, on harness: Harness, world: inout World,
    random: inout SplitMix64
  ) {
    let controller = harness.controller
    let current = harness.selection!
    switch operation {
    case .next, .previous:
      let forward = operation == .next
      let result = forward ? controller.selectNext() : controller.selectPrevious()
      let progress: Double = forward ? 1 : -1
      if forward ? world.hasAfter(current) : world.hasBefore(current) {
        let target = n(current + (forward ? 1 : -1))
        #expect(result == .selected(target))
        #expect(
          harness.events == [
            .isScrolling(from: n(current), to: target, progress: progress),
            .willScroll(to: target), .didScroll(to: target, transitionSuccessful: true),
          ])
      } else {
        #expect(result == .failed(.edge(forward ? .after : .before, at: n(current))))
        #expect(
          harness.events == [
            .isScrolling(from: n(current), to: nil, progress: progress),
            .didScroll(to: n(current), transitionSuccessful: false),
          ])
      }
    case .farSelect:
      let low = max(world.bounds.lowerBound, current - 400)
      let high = min(world.bounds.upperBound, current + 400)
      let target = random.next(in: low...high)
      #expect(controller.select(n(target)) == .selected(n(target)))
      if target == current {
        #expect(harness.events == [.didSelect(n(current))])
      } else {
        let progress: Double = target > current ? 1 : -1
        #expect(
          harness.events == [
            .didSelect(n(target)),
            .isScrolling(from: n(current), to: n(target), progress: progress),
            .willScroll(to: n(target)), .didScroll(to: n(target), transitionSuccessful: true),
          ])
      }
    case .selectOutside:
      guard world.bounds.upperBound < Int.max / 4 else { return }
      let target = world.bounds.upperBound + random.next(in: 1...50)
      #expect(controller.select(n(target)) == .failed(.notInDataSource(n(target))))
      #expect(harness.events == [])
      #expect(harness.selection == current)
    case .selectCurrent:
      #expect(controller.select(n(current)) == .selected(n(current)))
      #expect(harness.events == [.didSelect(n(current))])
    case .reload:
      #expect(controller.reloadData() == .selected(n(current)))
      #expect(harness.events == [.didReload(around: n(current))])
    case .reloadWithNewBounds:
      let lower = random.chance(0.5) ? Int.min / 4 : random.next(in: -60...0)
      let upper = random.chance(0.5) ? Int.max / 4 : random.next(in: 0...60)
      world.bounds = lower...upper
      harness.source.bounds = world.bounds
      let expected = min(max(current, lower), upper)
      #expect(controller.reloadData() == .selected(n(expected)))
      #expect(harness.events == [.didReload(around: n(expected))])
    case .reloadAround:
      let target = random.next(
        in: max(world.bounds.lowerBound, -80)...min(world.bounds.upperBound, 80))
      #expect(controller.reloadData(around: n(target)) == .selected(n(target)))
      #expect(harness.events == [.didReload(around: n(target))])
    case .reloadMenu:
      world.menuWidth = random.next(in: 0...140)
      world.spacing = random.next(in: 0...3)
      world.margin = random.next(in: 0...world.menuWidth)
      controller.metrics = WindowMetrics(
        menuWidth: world.menuWidth, estimatedItemWidth: 3, spacing: world.spacing,
        margin: world.margin)
      #expect(controller.reloadMenu() == .selected(n(current)))
      #expect(harness.events == [.didReload(around: n(current))])
    case .nextThenPrevious:
      controller.selectNext()
      controller.selectPrevious()
      if world.hasAfter(current) { #expect(harness.selection == current) }
    case .interactive:
      for _ in 0..<random.next(in: 1...4) {
        let progress = Double(random.next(in: -12...12)) / 10
        controller.updateTransition(progress: progress)
        if random.chance(0.2) { controller.select(n(current)) }
      }
      controller.endTransition()
      // Each update reaching ±1 completes a step; queued re-selects come back to `current`.
      #expect(abs(harness.selection! - current) <= 4)
    case .reentrant:
      var queued: PagingResult<Number>?
      controller.onEvent = { [unowned harness] event in
        harness.events.append(event)
        if queued == nil, case .isScrolling = event {
          queued = harness.controller.selectPrevious()
        }
      }
      controller.selectNext()
      controller.onEvent = { [unowned harness] in harness.events.append($0) }
      #expect(queued == .queued)
      let expected = world.hasAfter(current) ? current : max(current - 1, world.bounds.lowerBound)
      #expect(harness.selection == expected)
    }
  }

  /// Whether the window is Parchment's fill around `centre`.
  func isFill(_ harness: Harness, world: World, around centre: Int) -> Bool {
    let expected = referenceWindow(
      around: centre, bounds: world.bounds, menuWidth: world.menuWidth,
      spacing: world.spacing, width: world.width)
    return harness.windowValues == Array(expected.items)
  }

  /// The window is contiguous, sorted, within the bounds, holds the selection, and is
  /// Parchment's fill around its centre; a selection that has moved from the centre keeps the
  /// margin on each side that has more items.
  func checkWindow(_ harness: Harness, world: World, centre: Int) -> Bool {
    let window = harness.controller.window
    let values = window.items.map(\.value)
    let index = harness.controller.selectedIndex
    let selection = harness.selection!
    guard values.indices.contains(index), values[index] == selection else {
      Issue.record("selection \(selection) at \(index) of \(values)")
      return false
    }
    guard zip(values, values.dropFirst()).allSatisfy({ $1 == $0 + 1 }),
      world.bounds.contains(values.first!), world.bounds.contains(values.last!)
    else {
      Issue.record("window \(values) not contiguous within \(world.bounds)")
      return false
    }
    #expect(window.itemBefore == (world.hasBefore(values.first!) ? n(values.first! - 1) : nil))
    #expect(window.itemAfter == (world.hasAfter(values.last!) ? n(values.last! + 1) : nil))
    let columnsBefore = values[..<index].reduce(0) { $0 + world.cost($1) }
    let columnsAfter = values[(index + 1)...].reduce(0) { $0 + world.cost($1) }
    if selection == centre {
      guard isFill(harness, world: world, around: centre) else {
        Issue.record("window \(values) is not Parchment's fill around \(centre)")
        return false
      }
      // A width on the left, two in all, unless an edge stopped the fill.
      if window.hasItemsBefore { #expect(columnsBefore >= world.menuWidth) }
      if window.hasItemsBefore || window.hasItemsAfter {
        #expect(columnsBefore + columnsAfter >= 2 * world.menuWidth)
      }
    } else {
      if window.hasItemsBefore { #expect(index > 0 && columnsBefore >= world.margin) }
      if window.hasItemsAfter {
        #expect(index < values.count - 1 && columnsAfter >= world.margin)
      }
    }
    return true
  }

  /// No call for anything inside the window; at most the window's size plus 2 for each
  /// rebuild.
  func checkCalls(
    _ harness: Harness, operation: Operation, world: World,
    newWindows: ArraySlice<PagingWindow<Number>>
  ) -> Bool {
    let calls = harness.source.calls
    if !newWindows.isEmpty {
      let limit = newWindows.reduce(0) { $0 + $1.items.count + 2 }
      #expect(calls <= limit, "\(operation): \(calls) calls for windows allowing \(limit)")
      return calls <= limit
    }
    // Refusing an item outside a bounded source asks the source about it once.
    let refused = operation == .selectOutside && world.bounds.upperBound < Int.max / 4
    let expected = refused ? 1 : 0
    #expect(calls == expected, "\(operation): \(calls) calls without a rebuild")
    return calls == expected
  }

  /// The three pages are the selection's and its neighbours'; a move loads only the pages it
  /// did not have (one for a step), a reload all three, a menu reload none.
  func checkPages(_ harness: Harness, operation: Operation, world: World, from start: Int) {
    let selection = harness.selection!
    let items = harness.controller.pages.items
    #expect(items.selected == n(selection))
    #expect(items.previous == (world.hasBefore(selection) ? n(selection - 1) : nil))
    #expect(items.next == (world.hasAfter(selection) ? n(selection + 1) : nil))
    func pages(around item: Int) -> Set<Int> {
      Set([item - 1, item, item + 1].filter { world.bounds.contains($0) })
    }
    let loads = harness.pages.loaded.map(\.value)
    switch operation {
    case .nextThenPrevious, .interactive, .reentrant:
      #expect(loads.count <= 3 * 10)
    case .reload, .reloadWithNewBounds, .reloadAround:
      #expect(Set(loads) == pages(around: selection) && loads.count == Set(loads).count)
    case .next, .previous, .farSelect, .selectOutside, .selectCurrent, .reloadMenu:
      let missing = pages(around: selection).subtracting(pages(around: start))
      #expect(Set(loads) == missing && loads.count == missing.count)
      if [.next, .previous].contains(operation) { #expect(loads.count <= 1) }
    }
  }
}
