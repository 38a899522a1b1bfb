import CalendarPaging
import Interchange
import NoteStore

#if canImport(Glibc)
  import Glibc
#endif

/// A runtime failure of a command: `Error: …` on stderr and exit status 1.
struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line saying what went wrong.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// One calpager session on one database: a single command from the command line, or every
/// line of `calpager shell`.
///
/// The session keeps one connection and one paging controller for its whole life, so in the
/// line mode a step inside the window costs no query. The selection is saved after each
/// paging command of a one-shot run; in the line mode, before each write and at the end.
final class Session {
  typealias Controller = PagingController<NotesDataSource, NotesPageProvider>

  let store: NoteStore
  let environment: [String: String]
  let output: Output
  /// Whether standard output is a terminal (for colour).
  let outputIsTerminal: Bool
  /// The terminal's width, read once.
  let terminalWidth: Int?
  /// Today, in `$TZ`, read once per session.
  let today: Day
  /// Whether each move of the selection is saved at once (one-shot runs) or at the next write
  /// and at the end (the line mode).
  let savesEveryMove: Bool

  private var cachedMenuOptions: MenuOptions?
  private var controller: Controller?
  /// Whether the window's counts or pages may be out of date (after a write, or another
  /// process's commit).
  private var pagingIsStale = false
  /// The selected day when it differs from the one saved.
  private(set) var unsavedSelection: Day?
  /// SQLite's `data_version` when the paging data was loaded: it changes when another
  /// connection commits.
  private var dataVersion: Int?

  init(store: NoteStore, environment: [String: String], output: Output, savesEveryMove: Bool) {
    self.store = store
    self.environment = environment
    self.output = output
    self.savesEveryMove = savesEveryMove
    outputIsTerminal = Terminal.isTerminal(output.descriptor)
    terminalWidth = Terminal.columns(of: output.descriptor)
    today = LocalTime.today(environment: environment)
  }

  /// The style of one command's output.
  func style(for options: GlobalOptions) -> Style {
    Style.resolve(
      options, environment: environment, outputIsTerminal: outputIsTerminal,
      terminalWidth: terminalWidth)
  }

  /// The menu options from the stored settings (defaults where unset or unreadable).
  func menuOptions() throws -> MenuOptions {
    if let cachedMenuOptions { return cachedMenuOptions }
    let options = (try? MenuOptions(settings: store.settings())) ?? MenuOptions()
    cachedMenuOptions = options
    return options
  }

  /// Forgets the menu options, after `config` changed them.
  func settingsChanged() {
    cachedMenuOptions = nil
    controller = nil
  }

  // MARK: - Selection

  /// The selected day: the session's, else the saved one, else today.
  func selectedDay() throws -> Day {
    if let day = controller?.selectedItem { return day }
    if let unsavedSelection { return unsavedSelection }
    return try store.selectedDay() ?? today
  }

  /// Saves the selection if it moved since it was last saved.
  func saveSelection() throws {
    guard let day = unsavedSelection else { return }
    try store.setSelectedDay(day)
    unsavedSelection = nil
  }

  /// Records that the selection is now `day`, saving it at once in a one-shot run.
  func selectionMoved(to day: Day) throws {
    unsavedSelection = day
    if savesEveryMove { try saveSelection() }
  }

  /// Marks what the paging controller holds, and the menu options, as out of date, after a
  /// write, a commit or a rollback.
  func notesChanged() {
    pagingIsStale = true
  }

  // MARK: - Paging

  /// The paging controller, built on first use and reloaded when the database changed since.
  ///
  /// A change may be to notes or to the settings the metrics come from (a rolled-back
  /// `config set`, another process's). A new controller is built around `target` when one is
  /// given, else around the selection.
  func pagingController(width: Int, around target: Day? = nil) throws -> Controller {
    let version = try store.database.scalarInt("PRAGMA data_version")
    let changed = pagingIsStale || version != dataVersion
    if changed { cachedMenuOptions = nil }
    let metrics = try menuOptions().windowMetrics(lineWidth: width)
    if let controller, controller.metrics == metrics {
      if changed {
        pagingIsStale = false
        dataVersion = version
        _ = controller.reloadData()
      }
      return controller
    }
    let day = try target ?? selectedDay()
    let created = Controller(
      dataSource: NotesDataSource(store: store), pageProvider: NotesPageProvider(store: store),
      metrics: metrics)
    _ = created.reloadData(around: day)
    controller = created
    pagingIsStale = false
    dataVersion = version
    return created
  }

  /// Moves the selection with `move` and returns the new day, or throws why it could not.
  func move(
    width: Int, _ move: (Controller) throws -> PagingResult<Day>
  ) throws -> Day {
    let controller = try pagingController(width: width)
    let result = try move(controller)
    switch result {
    case .selected(let day):
      try selectionMoved(to: day)
      return day
    case .failed(.edge(let side, let day)):
      throw CommandError(DayError.outOfRange(from: day, direction: side).description)
    case .failed(let failure):
      throw CommandError("cannot move the selection: \(failure)")
    case .queued:
      throw CommandError("cannot move the selection while a move is under way")
    }
  }

  /// Selects `day`.
  ///
  /// The first paging command of a run builds the controller around `day` at once (one
  /// window, one count query), rather than around the saved selection first.
  func select(_ day: Day, width: Int) throws {
    guard controller == nil else {
      _ = try move(width: width) { $0.select(day) }
      return
    }
    _ = try pagingController(width: width, around: day)
    try selectionMoved(to: day)
  }

  /// Prints the page of the selected day.
  ///
  /// Everything the page shows is read in one read transaction, so the menu's marks and the
  /// notes come from the same state even while other processes write.
  func renderPage(_ style: Style) throws {
    try store.database.read { _ in try renderPageInTransaction(style) }
  }

  private func renderPageInTransaction(_ style: Style) throws {
    let controller = try pagingController(width: style.width)
    guard let day = controller.selectedItem, let page = controller.pages.selectedPage else {
      throw CommandError("nothing is selected")
    }
    if let error = controller.dataSource.countsError { throw error }
    let notes = try page.notes()
    let menu = MenuRenderer(
      days: controller.window.items, selectedIndex: controller.selectedIndex,
      hasDaysBefore: controller.window.hasItemsBefore,
      hasDaysAfter: controller.window.hasItemsAfter, today: today,
      noteCount: { controller.dataSource.noteCount(on: $0) ?? 0 },
      options: try menuOptions(), style: style)
    PageRenderer(menu: menu, day: day, notes: notes).render(to: output)
  }
}

/// The local civil date, from `time()` and `localtime_r` (which honour `$TZ`).
enum LocalTime {
  /// Today: `$CALPAGER_TODAY` when it holds a date (for reproducible scripts and tests),
  /// else the local date in `$TZ`.
  static func today(environment: [String: String]) -> Day {
    if let text = environment["CALPAGER_TODAY"], let day = try? Day(parsing: text) {
      return day
    }
    return today()
  }

  /// Today in the local time zone.
  static func today() -> Day {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return Day(unixSeconds: Int(now), utcOffset: Int(parts.tm_gmtoff)) ?? .first
  }
}
