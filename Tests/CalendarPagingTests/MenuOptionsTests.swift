import Testing

@testable import CalendarPaging

@Suite struct MenuOptionsTests {
  @Test func windowMetricsFollowTheSelectedPosition() {
    var options = MenuOptions()
    #expect(
      options.windowMetrics(lineWidth: 80)
        == WindowMetrics(menuWidth: 80, estimatedItemWidth: 8, spacing: 1, margin: 40))
    options.selectedPosition = .left
    options.itemSize = .sizeToFit(minWidth: 9)
    #expect(options.windowMetrics(lineWidth: 81).margin == 81)
    #expect(options.windowMetrics(lineWidth: 81).estimatedItemWidth == 9)
    options.selectedPosition = .center
    #expect(options.windowMetrics(lineWidth: 81).margin == 41)
    #expect(WindowMetrics(menuWidth: -5, estimatedItemWidth: -1, spacing: -2).margin == 0)
  }
}
