import CalendarPaging
import NoteStore

/// The paging model over the store for one session: one `PagingController`, built on the
/// first paging command and kept, and the one check per command that keeps it current.
///
/// Every paging command goes one way: work out the target day, `select` it (the controller
/// steps inside its window with no query, or builds a new window around a far target), then
/// read the selected `page`. The controller is rebuilt only when the menu's metrics change (a
/// new width, new settings); when the database changed (this session's writes, another
/// process's commits, a rollback) it reloads its window and pages.
///
/// Pages by week and by month go the same way through their own controllers (`PeriodPager`),
/// built the first time a page by that unit is shown; the selected day stays the one state.
final class Pager {
  typealias Controller = PagingController<NotesDataSource, NotesPageProvider>

  let store: NoteStore
  /// The controller, once a paging command has run.
  private(set) var controller: Controller?
  /// The menu options from the settings, as of `token`.
  private(set) var menuOptions = MenuOptions()
  /// The store's change token when the settings and the controller's data were read.
  private var token: ChangeToken?
  /// The contents of the pages shown lately, while the database does not change.
  private var contents = PageContents(capacity: 64)
  /// The menu items' widths for the window and today they were measured for: a step inside
  /// the window measures nothing again.
  private var itemWidths: (days: [Day], today: Day, widths: [Int])?
  /// The paging model of weeks, once a page by week was shown.
  private(set) var weeks: PeriodPager<Week>?
  /// The paging model of months, once a page by month was shown.
  private(set) var months: PeriodPager<Month>?

  /// Where the pages' events come from; nil when no calendar is read (a page then costs
  /// what it cost before calendars).
  var events: (any EventSource)? {
    didSet { eventDays = nil }
  }
  /// The days with events of the window they were looked up for: a step inside the window
  /// looks up nothing again.
  private var eventDays: DaySet?

  init(store: NoteStore) {
    self.store = store
  }

  /// The days of `window` that have events, looked up once per window.
  func daysWithEvents(in window: ClosedRange<Day>) -> DaySet {
    guard let events else { return DaySet(in: window) }
    if let eventDays, eventDays.range == window { return eventDays }
    let days = events.daysWithEvents(in: window)
    eventDays = days
    return days
  }

  /// The selected day, once a paging command has run (by day, week or month).
  private(set) var selectedDay: Day?

  /// Checks once whether the database changed since the last look.
  ///
  /// When it did, the settings are read again and the controller's data reloaded. Call it
  /// once per command, inside the command's read or write unit.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  func refresh() throws -> Bool {
    let current = try store.changeToken()
    guard current != token else { return false }
    menuOptions = MenuOptions(settings: try store.settings())
    contents.removeAll()
    if token != nil {
      token = current
      if let controller { _ = controller.reloadData() }
      weeks?.reload()
      months?.reload()
    }
    token = current
    return true
  }

  /// Selects `day` on a menu `width` columns wide: a step inside the window costs no query;
  /// a new controller or a far jump builds one window around `day`.
  ///
  /// - Throws: `DayError.outOfRange` when `day` is beyond the calendar's edge (it never is
  ///   for a `Day`; the controller reports edges this way).
  func select(_ day: Day, width: Int) throws {
    let metrics = menuOptions.windowMetrics(lineWidth: width)
    guard let controller, controller.metrics == metrics else {
      let created = Controller(
        dataSource: NotesDataSource(store: store), pageProvider: NotesPageProvider(store: store),
        metrics: metrics)
      _ = created.reloadData(around: day)
      controller = created
      selectedDay = day
      return
    }
    switch controller.select(day) {
    case .selected:
      selectedDay = day
      return
    case .failed(.edge(let side, let from)):
      throw DayError.outOfRange(from: from, direction: side)
    case .failed(let failure):
      preconditionFailure("every day is in the data source: \(failure)")
    case .queued:
      preconditionFailure("no transition is under way in a terminal")
    }
  }

  /// Drops the controller and its selection: the next paging command builds one around the
  /// day the session gives it (after a rollback took back the moves made since `begin`).
  func forgetSelection() {
    controller = nil
    selectedDay = nil
  }

  /// Makes sure a controller is built for a menu `width` columns wide with `day` selected; an
  /// existing one that has it selected keeps its window.
  func show(_ day: Day, width: Int) throws {
    let metrics = menuOptions.windowMetrics(lineWidth: width)
    if let controller, controller.metrics == metrics, controller.selectedItem == day { return }
    try select(day, width: width)
  }

  /// The menu widths of `days`: each label (`Wed 1`, `*` after today's) and 2 columns.
  private func widths(of days: [Day], today: Day) -> [Int] {
    if let itemWidths, itemWidths.today == today, itemWidths.days == days {
      return itemWidths.widths
    }
    let widths = days.map { $0.menuLabelWidth + ($0 == today ? 1 : 0) + 2 }
    itemWidths = (days, today, widths)
    return widths
  }

  /// The page of the selected day: the menu around it and its notes.
  ///
  /// `withDetails` says whether the notes must carry their uids and times (a page shown as
  /// JSON); text needs only ids and bodies, and reads only those.
  ///
  /// - Precondition: A day is selected (`select` ran).
  func page(today: Day, withDetails: Bool) throws -> DayPageResult {
    guard let controller, let day = controller.selectedItem,
      let page = controller.pages.selectedPage
    else { preconditionFailure("page() before select()") }
    if let error = controller.dataSource.countsError { throw error }
    let content = try self.content(of: day, withDetails: withDetails) {
      try page.notes(withDetails: $0)
    }
    let dataSource = controller.dataSource
    let items = controller.window.items
    var eventDays = DaySet.empty
    var dayEvents: DayEvents?
    if let events, !items.isEmpty {
      let window = items[0]...items[items.count - 1]
      if let known = self.eventDays, known.range == window {
        // A step inside the window: its marks are known.
        eventDays = known
        dayEvents = DayEvents(source: events, day: day)
      } else {
        let page = events.page(of: day, menu: window)
        eventDays = page.marks
        self.eventDays = page.marks
        dayEvents = DayEvents(source: events, day: day, events: page.events)
      }
    } else if let events {
      dayEvents = DayEvents(source: events, day: day)
    }
    let menu = MenuModel(
      days: controller.window.items, selectedIndex: controller.selectedIndex,
      hasDaysBefore: controller.window.hasItemsBefore,
      hasDaysAfter: controller.window.hasItemsAfter, today: today,
      noteCount: { (dataSource.noteCount(on: $0) ?? 0) + (eventDays.contains($0) ? 1 : 0) },
      itemWidths: widths(of: controller.window.items, today: today), options: menuOptions)
    return DayPageResult(menu: menu, day: day, content: content, events: dayEvents)
  }

  /// The content of `day`'s page: kept from a page shown lately, else made from `notes()`.
  private func content(
    of day: Day, withDetails: Bool, notes: (_ withDetails: Bool) throws -> DayNotes
  ) throws -> PageContent {
    if let kept = contents[day], kept.notes.hasDetails || !withDetails { return kept }
    let content = PageContent(notes: try notes(withDetails))
    contents[day] = content
    return content
  }

  /// The page of the week holding `day`, weeks starting on the `first-weekday` setting:
  /// the menu of weeks around it and its days' notes.
  func weekPage(_ day: Day, width: Int, today: Day) throws -> WeekPageResult {
    let (menu, page) = try select(day, in: &weeks, width: width, today: today)
    return WeekPageResult(
      menu: menu, day: day, notes: try page.notes(),
      events: events.map { PeriodEvents(source: $0, days: menu.selected.days) })
  }

  /// The page of the month holding `day`: the menu of months around it, the month's note
  /// counts by day and `day`'s notes.
  func monthPage(_ day: Day, width: Int, today: Day) throws -> MonthPageResult {
    let (menu, page) = try select(day, in: &months, width: width, today: today)
    let content = try self.content(of: day, withDetails: true) {
      try store.dayNotes(day, withDetails: $0)
    }
    return MonthPageResult(
      menu: menu, day: day, counts: try page.counts(), content: content,
      firstWeekday: menuOptions.firstWeekday, events: events)
  }

  /// Selects the period holding `day` in `periods` (made on first use) and returns the menu
  /// around it and its page.
  private func select<Period: CalendarPeriod>(
    _ day: Day, in periods: inout PeriodPager<Period>?, width: Int, today: Day
  ) throws -> (menu: PeriodMenu<Period>, page: PeriodPage<Period>) {
    let pager = periods ?? PeriodPager(store: store)
    periods = pager
    pager.select(day, width: width, options: menuOptions)
    selectedDay = day
    return try pager.selection(today: today, options: menuOptions)
  }
}

/// The contents of the pages shown lately: up to `capacity` days, the oldest shown dropped
/// first.
///
/// A wider cache than the controller's three pages: paging back and forth, as people do and
/// as the line mode's scripts do, shows the same days again (in the benchmark's random walk,
/// 40 % of pages were among the last 64 shown).
///
/// An array searched from the newest: at 64 entries that costs less than hashing, and a
/// one-shot command does not pay for a dictionary's type to be set up at start.
struct PageContents {
  /// The most days kept.
  let capacity: Int
  /// The contents kept, oldest first.
  private var kept: [PageContent] = []

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The content kept for `day`; setting one keeps it (in place of any for the same day),
  /// dropping the oldest when full.
  subscript(day: Day) -> PageContent? {
    get { kept.last { $0.notes.day == day } }
    set {
      guard let newValue else { return }
      if let index = kept.lastIndex(where: { $0.notes.day == day }) {
        kept[index] = newValue
        return
      }
      if kept.count == capacity { kept.removeFirst() }
      kept.append(newValue)
    }
  }

  /// Forgets every page.
  mutating func removeAll() {
    kept.removeAll(keepingCapacity: true)
  }
}
