import CalendarPaging
import NoteStore

/// The paging model of weeks or of months for one session: one `PagingController` over a
/// `PeriodDataSource`, built on the first page by that unit and kept, like `Pager`'s day
/// controller (the same window, page cache and events, other items).
///
/// The selected day stays the state: a page by week or month selects the period holding it.
/// The controller is rebuilt when the menu's metrics or the first weekday change, and reloads
/// its window and pages when the database changed (`reload()`).
final class PeriodPager<Period: CalendarPeriod> {
  typealias Controller = PagingController<PeriodDataSource<Period>, PeriodPageProvider<Period>>

  let store: NoteStore
  /// The controller, once a page by this unit was shown.
  private(set) var controller: Controller?
  /// The weekday weeks start on in the controller's items.
  private var firstWeekday = Weekday.monday

  init(store: NoteStore) {
    self.store = store
  }

  /// Selects the period holding `day` on a menu `width` columns wide: a step inside the
  /// window costs no query; a new controller or a far jump builds one window around it.
  func select(_ day: Day, width: Int, options: MenuOptions) {
    let period = Period(containing: day, firstWeekday: options.firstWeekday)
    let metrics = Period.menuOptions(from: options).windowMetrics(lineWidth: width)
    guard let controller, controller.metrics == metrics, firstWeekday == options.firstWeekday
    else {
      let created = Controller(
        dataSource: PeriodDataSource(store: store),
        pageProvider: PeriodPageProvider(store: store), metrics: metrics)
      _ = created.reloadData(around: period)
      controller = created
      firstWeekday = options.firstWeekday
      return
    }
    if controller.selectedItem != period {
      // Every period holding a day is in the source: the selection cannot fail.
      _ = controller.select(period)
    }
  }

  /// Reloads the window's counts and the pages, after the database changed.
  func reload() {
    _ = controller?.reloadData()
  }

  /// The menu around the selected period and its page.
  ///
  /// - Precondition: A period is selected (`select` ran).
  /// - Throws: The store's error from loading the window's counts.
  func selection(today: Day, options: MenuOptions) throws -> (
    menu: PeriodMenu<Period>, page: PeriodPage<Period>
  ) {
    guard let controller, let page = controller.pages.selectedPage else {
      preconditionFailure("selection() before select()")
    }
    if let error = controller.dataSource.countsError { throw error }
    let dataSource = controller.dataSource
    let window = controller.window
    let menu = PeriodMenu(
      periods: window.items, selectedIndex: controller.selectedIndex,
      hasPeriodsBefore: window.hasItemsBefore, hasPeriodsAfter: window.hasItemsAfter,
      today: today, counts: window.items.map { dataSource.noteCount(in: $0) },
      options: Period.menuOptions(from: options))
    return (menu, page)
  }
}
