import Testing

@testable import CalendarPaging

@Suite struct FixedPagingDataSourceTests {
  let source = ArrayDataSource([2, 3, 5, 7, 11].map(Number.init))

  @Test func neighboursComeFromTheIndex() {
    #expect(source.index(of: n(5)) == 2)
    #expect(source.index(of: n(4)) == nil)
    #expect(source.item(before: n(5)) == n(3))
    #expect(source.item(after: n(5)) == n(7))
    #expect(source.item(before: n(2)) == nil)
    #expect(source.item(after: n(11)) == nil)
    #expect(source.item(after: n(4)) == nil)
  }

  @Test func theNearestItemIsTheOneBeforeAGap() {
    #expect(source.nearestItem(to: n(7)) == n(7))
    #expect(source.nearestItem(to: n(6)) == n(5))
    #expect(source.nearestItem(to: n(1)) == n(2))
    #expect(source.nearestItem(to: n(100)) == n(11))
    #expect(ArrayDataSource<Number>([]).nearestItem(to: n(1)) == nil)
  }

  @Test func boundedSourcesClampToTheirBounds() throws {
    let days = BoundedDataSource(
      bounds: try Day(parsing: "2024-01-01")...Day(parsing: "2024-12-31"))
    #expect(days.nearestItem(to: try Day(parsing: "2030-01-01"))?.description == "2024-12-31")
    #expect(days.nearestItem(to: .first)?.description == "2024-01-01")
    #expect(days.item(after: try Day(parsing: "2024-12-31")) == nil)
    #expect(days.item(after: try Day(parsing: "2024-12-30"))?.description == "2024-12-31")
  }
}
