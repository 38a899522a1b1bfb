import CalendarPaging
import CommandLanguage
import Glibc
import Interchange
import NoteStore

/// One calpager session on one database: a single command from the command line, or every
/// line of `calpager shell`.
///
/// The session keeps one connection and one `Pager` for its whole life, so in the line mode a
/// step inside the window costs no query. When a move of the selection is saved is the
/// store's `selectionSaving` (`SelectionSaving`): with the move in a one-shot run, at the
/// next write and at the end in the line mode, soon and without waiting in `browse`.
final class Session {
  let store: NoteStore
  let environment: [String: String]
  let output: Output
  /// Whether standard output is a terminal (for colour).
  let outputIsTerminal: Bool
  /// The terminal's width: read once, and again after a resize when a line editor reads the
  /// lines.
  var terminalWidth: Int?
  /// Today, in `$TZ`, read once per session.
  let today: Day
  /// What the environment says about colour and width, read once per session.
  private let styleEnvironment: StyleEnvironment
  /// The paging model.
  let pager: Pager
  /// Where the line mode's transaction began and which of its lines failed, while the line
  /// mode runs one (the connection knows what is open; this is what messages name).
  var transaction: LineTransaction?
  /// The number of the line the line mode is running; 0 on the command line.
  var lineNumber = 0

  /// A session on `store` that saves the selection as `selectionSaving` says; `today`
  /// defaults to the one `environment` gives (the clock when `CALPAGER_TODAY` is unset or
  /// invalid: the command line refuses an invalid one first).
  init(
    store: NoteStore, environment: [String: String], output: Output,
    selectionSaving: SelectionSaving, today: Day? = nil
  ) {
    self.store = store
    store.selectionSaving = selectionSaving
    self.environment = environment
    self.output = output
    pager = Pager(store: store)
    outputIsTerminal = Terminal.isTerminal(output.descriptor)
    terminalWidth = Terminal.columns(of: output.descriptor)
    self.today = today ?? (try? LocalTime.today(environment: environment)) ?? LocalTime.today()
    styleEnvironment = StyleEnvironment(environment)
  }

  /// The style of one command's output.
  func style(for options: GlobalOptions) -> Style {
    Style.resolve(
      options, environment: styleEnvironment, outputIsTerminal: outputIsTerminal,
      terminalWidth: terminalWidth)
  }

  /// Where pages get their events (the user's calendars); nil when none is read.
  ///
  /// Opened on first use (the config file's `calendar.NAME` lines and the sync folder), once per
  /// session.
  var events: (any EventSource)? {
    get {
      openCalendarsIfNeeded()
      return pager.events
    }
    set {
      calendarsOpened = true
      pager.events = newValue
    }
  }
  /// Whether the calendars were looked for.
  private var calendarsOpened = false

  /// Opens the user's calendars, the first time only.
  ///
  /// A config file that cannot be read, or
  /// an index that cannot be opened, shows no events, with one line on standard error: a
  /// page of notes never fails for a calendar.
  func openCalendarsIfNeeded() {
    guard !calendarsOpened else { return }
    calendarsOpened = true
    guard environment["CALPAGER_NO_CALENDARS"] == nil else { return }
    do {
      let config = try UserConfig.load(environment: environment)
      let syncFolder = try store.settings()[SyncSettings.directory]
      pager.events = try IndexEventSource.open(
        config: config, syncFolder: syncFolder, environment: environment)
    } catch {
      let line = Array("calpager: the calendars cannot be read: \(error)\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
  }

  // MARK: - Selection

  /// The selected day: the pager's, else the one not yet saved, else the saved one, else
  /// today.
  func selectedDay() throws -> Day {
    if let day = pager.selectedDay { return day }
    if let day = store.unsavedSelection { return day }
    return try store.selectedDay() ?? today
  }

  /// Saves the selection if it moved since it was last saved (the end of a session).
  func saveSelection() throws {
    try store.saveSelection()
  }

  /// Goes back to the selection the store holds, forgetting the pager's: after a rollback,
  /// which took back the moves made in it.
  func revertToSavedSelection() {
    pager.forgetSelection()
  }

  /// Saves the selection if it moved, unless another process holds a lock: then nothing is
  /// saved and this returns false, at once, for the caller to try again later (the
  /// full-screen view, which must never make a key press wait).
  func saveSelectionWithoutWaiting() throws -> Bool {
    try store.saveSelectionWithoutWaiting()
  }

  /// The day `expression` names, relative to today and the selection.
  func resolve(_ expression: DateExpression) throws -> Day {
    try expression.resolve(today: today, selected: try selectedDay())
  }

  // MARK: - Paging

  /// The page of the selected day, after moving the selection to `target(selected)` when a
  /// target is given: `page(width:by:withDetails:moving:)` by day.
  func page(width: Int, withDetails: Bool, moving target: ((Day) throws -> Day)? = nil) throws
    -> DayPageResult
  {
    let move = target.map { target in { (day: Day, _: CalendarUnit) in try target(day) } }
    guard
      case .day(let page) = try page(
        width: width, by: .day, withDetails: withDetails, moving: move)
    else {
      preconditionFailure("a page by day is a day page")
    }
    return page
  }

  /// The page of the selected day, of its week or of its month, after moving the selection to
  /// `target(selected, unit)` when a target is given.
  ///
  /// Everything happens in one unit (`NoteStore.readPage(moving:_:)`), so the page's menu
  /// marks and notes come from one state even while other processes write: in a one-shot run
  /// that moves, one write transaction that reads the selection, saves the new one and reads
  /// the page; otherwise one read transaction (the line mode saves its selection later).
  ///
  /// - Parameters:
  ///   - width: The menu's width in columns.
  ///   - unit: What the page shows; nil for the `page-by` setting.
  ///   - withDetails: Whether the notes must carry their uids and times (a page shown as
  ///     JSON).
  ///   - target: The day to select, given the selected one and the unit the page shows; nil
  ///     to show the selected day.
  /// - Returns: The page of the day selected afterwards.
  /// - Throws: What `target` throws; the store's errors.
  func page(
    width: Int, by unit: CalendarUnit?, withDetails: Bool,
    moving target: ((Day, CalendarUnit) throws -> Day)? = nil
  ) throws -> PageResult {
    openCalendarsIfNeeded()
    let body = { () throws -> PageResult in
      try self.pager.refresh()
      let selected = try self.selectedDay()
      let unit = unit ?? self.pager.menuOptions.pageBy
      let day = try target?(selected, unit) ?? selected
      let page: PageResult
      switch unit {
      case .day:
        if target != nil {
          try self.pager.select(day, width: width)
        } else {
          try self.pager.show(day, width: width)
        }
        page = .day(try self.pager.page(today: self.today, withDetails: withDetails))
      case .week:
        page = .week(try self.pager.weekPage(day, width: width, today: self.today))
      case .month:
        page = .month(try self.pager.monthPage(day, width: width, today: self.today))
      }
      if target != nil { try self.store.moveSelection(to: day) }
      return page
    }
    return try store.readPage(moving: target != nil, body)
  }
}
