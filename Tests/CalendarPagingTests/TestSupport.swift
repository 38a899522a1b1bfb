import CalendarPaging

/// A plain integer item, for tests that need arbitrary bounds.
struct Number: PagingItem, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func < (lhs: Number, rhs: Number) -> Bool { lhs.value < rhs.value }
  var description: String { String(value) }
}

/// A data source over the integers in `bounds` that counts every call made to it.
final class CountingSource: PagingDataSource {
  var bounds: ClosedRange<Int>
  var calls = 0
  var windows: [PagingWindow<Number>] = []

  init(bounds: ClosedRange<Int> = Int.min / 4...Int.max / 4) {
    self.bounds = bounds
  }

  func item(before item: Number) -> Number? {
    calls += 1
    return item.value > bounds.lowerBound ? Number(item.value - 1) : nil
  }

  func item(after item: Number) -> Number? {
    calls += 1
    return item.value < bounds.upperBound ? Number(item.value + 1) : nil
  }

  func nearestItem(to item: Number) -> Number? {
    calls += 1
    return Number(min(max(item.value, bounds.lowerBound), bounds.upperBound))
  }

  func windowDidChange(_ window: PagingWindow<Number>) {
    windows.append(window)
  }
}

/// A page provider that records what it was asked for.
final class RecordingPages: PageProvider {
  var loaded: [Number] = []

  func page(for item: Number) -> String {
    loaded.append(item)
    return "page \(item.value)"
  }
}

/// Parchment's window fill, written out from research b.1 over a range of integers, as the
/// oracle the window and the controller are checked against.
func referenceWindow(
  around center: Int, bounds: ClosedRange<Int>, menuWidth: Int, spacing: Int,
  width: (Int) -> Int
) -> (items: ClosedRange<Int>, hasItemsBefore: Bool, hasItemsAfter: Bool) {
  func cost(_ value: Int) -> Int { max(1, width(value) + spacing) }
  var first = center
  var last = center
  var budgetBefore = menuWidth
  while budgetBefore > 0, first > bounds.lowerBound {
    first -= 1
    budgetBefore -= cost(first)
  }
  var budgetAfter = menuWidth + budgetBefore
  while budgetAfter > 0, last < bounds.upperBound {
    last += 1
    budgetAfter -= cost(last)
  }
  var remaining = budgetAfter
  while remaining > 0, first > bounds.lowerBound {
    first -= 1
    remaining -= cost(first)
  }
  return (first...last, first > bounds.lowerBound, last < bounds.upperBound)
}

/// Checks an event stream against the documented order: a transition is `isScrolling`
/// events (the first before any `willScroll`, all from the same item), at most one
/// `willScroll` per direction, then exactly one `didScroll`; `didSelect` and `didReload` come
/// only between transitions.
struct EventGrammar {
  private var open: (from: Number, to: Number?, announced: Bool)?
  private(set) var problems: [String] = []

  var isIdle: Bool { open == nil }

  mutating func read(_ event: PagingEvent<Number>) {
    switch event {
    case .isScrolling(let from, let to, let progress):
      if let current = open {
        if current.from != from {
          problems.append("isScrolling from \(from) in a transition from \(current.from)")
        }
        // The only change of target inside a transition is the cancel marker (nil, 0).
        if current.to != to, !(to == nil && progress == 0) {
          problems.append(
            "isScrolling to \(String(describing: to)) in a transition to \(String(describing: current.to))"
          )
        }
      } else {
        open = (from, to, false)
      }
    case .willScroll(let to):
      guard let current = open else {
        problems.append("willScroll(\(to)) outside a transition")
        return
      }
      if current.announced { problems.append("second willScroll(\(to))") }
      if current.to != to {
        problems.append("willScroll(\(to)) heading to \(String(describing: current.to))")
      }
      open?.announced = true
    case .didScroll(let to, let successful):
      guard let current = open else {
        problems.append("didScroll(\(to)) outside a transition")
        return
      }
      if successful, to != current.to {
        problems.append("didScroll(\(to), true) heading to \(String(describing: current.to))")
      }
      if !successful, to != current.from {
        problems.append("didScroll(\(to), false) from \(current.from)")
      }
      if successful, !current.announced {
        problems.append("didScroll(\(to), true) without willScroll")
      }
      open = nil
    case .didSelect(let item):
      // `select(_:)` announces its target just before the transition starts.
      if open != nil { problems.append("didSelect(\(item)) during a transition") }
    case .didReload(let item):
      if open != nil { problems.append("didReload(\(item)) during a transition") }
    }
  }
}
