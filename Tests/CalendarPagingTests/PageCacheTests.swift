import Testing

@testable import CalendarPaging

@Suite struct PageCacheTests {
  @Test func aStepRotatesTheSlotsAndLoadsOneNewNeighbour() {
    let provider = RecordingPages()
    var cache = PageCache(provider: provider)
    cache.show(n(5), previous: n(4), next: n(6))
    #expect(provider.loaded == [n(5), n(4), n(6)])
    provider.loaded = []
    cache.show(n(6), previous: n(5), next: n(7))
    #expect(provider.loaded == [n(7)])
    #expect(cache.selectedPage == "page 6")
    #expect(cache.previousPage == "page 5")
    #expect(cache.nextPage == "page 7")
    provider.loaded = []
    cache.show(n(5), previous: n(4), next: n(6))
    #expect(provider.loaded == [n(4)])
  }

  @Test func aFarJumpLoadsTheTargetAndItsNeighbours() {
    let provider = RecordingPages()
    var cache = PageCache(provider: provider)
    cache.show(n(5), previous: n(4), next: n(6))
    provider.loaded = []
    cache.show(n(50), previous: n(49), next: n(51))
    #expect(provider.loaded == [n(50), n(49), n(51)])
    #expect(cache.page(for: n(5)) == nil)
    #expect(cache.page(for: n(51)) == "page 51")
  }

  @Test func aMissingNeighbourLeavesItsSlotEmpty() {
    let provider = RecordingPages()
    var cache = PageCache(provider: provider)
    cache.show(n(0), previous: nil, next: n(1))
    #expect(cache.previousPage == nil)
    #expect(cache.items == (nil, n(0), n(1)))
    cache.removeAll()
    #expect(cache.selectedPage == nil)
    #expect(cache.items == (nil, nil, nil))
  }
}
