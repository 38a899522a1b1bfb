import CalendarPaging
import CommandLanguage
import Interchange
import NoteModel
import NoteStore

/// The full-screen pager of `calpager browse`, apart from the terminal: keys go in
/// (`handle`), frames come out (`frame`); `BrowseLoop` connects it to a `TerminalMode`, and
/// tests drive it directly.
///
/// Paging goes through the session's `Pager` (a step inside the menu's window makes no
/// query). The selection is saved as it moves, once the keys pause (`saveIfDue`, which the
/// loop calls when no key came for `BrowseLoop.saveDelayMilliseconds`), so a key's frame
/// never waits for a commit's disk sync, and without waiting for a lock: a save that finds
/// the database locked is retried on the next `tick`, each second. Other processes' changes
/// are seen on each key and each `tick`, by the store's change token. Note commands (`a`,
/// `A`, `e`, `d`, `u`, `/`, `:`) run the registry's commands on the same session, so they
/// behave as they do in `calpager shell`.
final class Browser {
  /// What the loop does after a key.
  enum Outcome: Hashable, Sendable {
    /// Draw the next frame.
    case proceed
    /// Leave, with this exit status.
    case quit(Int32)
    /// Stop the process (Ctrl-Z), then draw again.
    case suspend
    /// Clear the screen and draw it whole (Ctrl-L).
    case redraw
  }

  /// What the keys act on.
  enum Mode {
    /// The page: the keys of `BrowseKeys`.
    case pager
    /// A one-line prompt at the bottom.
    case prompt(PromptPurpose, LinePrompt)
    /// `d` asks before deleting this note.
    case confirmDelete(Note)
    /// `?`: the keys.
    case help
    /// Search results or a command's output.
    case list(BrowseList)
  }

  /// What a prompt's text is for.
  enum PromptPurpose: Hashable, Sendable {
    /// `g`: a DATE.
    case goTo
    /// `a`: a note's text.
    case add
    /// `/`: a search query.
    case search
    /// `:`: a line-mode command.
    case command
  }

  /// A one-line message in the status bar, until the next key.
  struct Message: Hashable, Sendable {
    /// The text.
    let text: String
    /// Whether it reports an error.
    let isError: Bool
  }

  /// The session the pager works in (its output captures what `:` commands print).
  let session: Session
  /// What `←` and `→` move by, and how a page is drawn.
  var unit = BrowseUnit.day
  /// The screen's size.
  private(set) var size: TerminalSize
  /// The page shown.
  private(set) var page: (any BrowsePageView)?
  /// The index of the selected note in `page.notes`, if the page has notes.
  private(set) var selectedNote: Int?
  /// How far the notes are scrolled (`J`, `K`, Space, `b`) from where the selected note puts
  /// them, in rows; back to 0 when the day or the selected note changes.
  private(set) var noteScroll = 0
  /// What the keys act on.
  private(set) var mode = Mode.pager
  /// The status bar's message.
  private(set) var message: Message?
  /// Whether the selection moved since it was last saved (the store holds the move until then:
  /// `SelectionSaving.soonWithoutWaiting`).
  var selectionSaveDue: Bool { session.store.unsavedSelection != nil }
  /// Whether a selection save found the database locked and waits for the next `tick`.
  private(set) var selectionSavePending = false
  /// Runs its argument with the terminal as it was before the full screen (for `$EDITOR`).
  let onTerminal: (() -> Void) -> Void
  /// The store's change token when the page was loaded.
  private var seenToken: ChangeToken?

  /// A pager on `session`, drawing `size` frames; `onTerminal` hands the terminal to a child
  /// (`TerminalMode.withTerminalRestored`).
  init(session: Session, size: TerminalSize, onTerminal: @escaping (() -> Void) -> Void) {
    self.session = session
    self.size = size
    self.onTerminal = onTerminal
  }

  /// Loads the selected day's page (the saved selection, else today).
  ///
  /// - Throws: The store's errors: the view cannot start without its page.
  func start() throws {
    try load()
  }

  /// The options commands run with: text without colour (it is drawn on the screen, which
  /// styles it itself), as wide as the screen.
  var commandOptions: GlobalOptions {
    var options = GlobalOptions()
    options.color = .never
    options.width = max(size.columns, 1)
    return options
  }

  // MARK: - Keys

  /// Acts on `key`; checks first whether another process changed the database.
  ///
  /// A paste is text for a prompt and nothing anywhere else: pasted `dy` deletes no note, and
  /// no pasted letter answers a question or closes a screen. Outside a prompt the modifiers
  /// of a key mean nothing (Ctrl-Left is Left).
  func handle(_ key: Key) -> Outcome {
    if key == .control("z") { return .suspend }
    checkForChanges()
    if isPrompting { return apply(key) }
    if case .paste = key { return .proceed }
    return apply(key.unmodified)
  }

  /// Whether a one-line prompt takes the keys.
  private var isPrompting: Bool {
    if case .prompt = mode { return true }
    return false
  }

  private func apply(_ key: Key) -> Outcome {
    switch mode {
    case .pager:
      message = nil
      guard let action = BrowseKeys.action(for: key) else { return .proceed }
      return perform(action)
    case .prompt(let purpose, var prompt):
      switch prompt.handle(key) {
      case .editing: mode = .prompt(purpose, prompt)
      case .cancelled: mode = .pager
      case .accepted(let text):
        mode = .pager
        return accept(text, for: purpose)
      }
    case .confirmDelete(let note):
      mode = .pager
      if key == .character("y") || key == .character("Y") {
        delete(note)
      } else {
        message = Message(text: "Kept #\(note.id ?? 0)", isError: false)
      }
    case .help:
      if key == .control("c") { return .quit(130) }
      mode = .pager
    case .list(var list):
      if key == .control("c") { return .quit(130) }
      switch list.handle(key, rows: listRows) {
      case .stay: mode = .list(list)
      case .close: mode = .pager
      case .open(let day, let noteID):
        mode = .pager
        move(to: { _ in day }, selecting: noteID)
      }
    }
    return .proceed
  }

  /// The rows a list shows at once: the screen less its title and status bar.
  var listRows: Int { max(size.rows - 2, 1) }

  private func perform(_ action: BrowseAction) -> Outcome {
    switch action {
    case .step(let count): step(by: count)
    case .week(let count): move { try Self.day($0.adding(days: 7 * count), from: $0, count) }
    case .month(let count): move { try Self.day($0.adding(months: count), from: $0, count) }
    case .today: move { [session] _ in session.today }
    case .goTo: mode = .prompt(.goTo, LinePrompt(label: "Go to: "))
    case .dayWithNotes(let forward):
      move { [session] day in
        try Step(count: 1, withNotes: true, forward: forward).target(
          from: day, store: session.store, events: session.events)
      }
    case .add:
      let day = page.map { " to " + $0.day.description } ?? ""
      mode = .prompt(.add, LinePrompt(label: "Add\(day): ", acceptsLineBreaks: true))
    case .addInEditor: addInEditor()
    case .edit: editSelectedNote()
    case .selectNote(let forward): selectNote(forward: forward)
    case .scrollNotes(let rows): scrollNotes(by: rows)
    case .scrollNotesPage(let forward):
      let scrolling = notesScrolling
      scrollNotes(by: forward ? scrolling?.page ?? 0 : -(scrolling?.page ?? 0))
    case .delete:
      guard let note = selectedNoteValue else {
        message = Message(text: "No note to delete on this day", isError: true)
        break
      }
      mode = .confirmDelete(note)
    case .undo: undo()
    case .search: mode = .prompt(.search, LinePrompt(label: "Search: "))
    case .command: mode = .prompt(.command, LinePrompt(label: ":"))
    case .help: mode = .help
    case .quit: return .quit(0)
    case .interrupt: return .quit(130)
    case .suspend: return .suspend
    case .redraw: return .redraw
    }
    return .proceed
  }

  private func accept(_ text: String, for purpose: PromptPurpose) -> Outcome {
    switch purpose {
    case .goTo:
      guard text.hasVisibleText else { break }
      move { [session] selected in
        try DateExpression(parsing: text.trimmingSpaces).resolve(
          today: session.today, selected: selected)
      }
    case .add:
      guard text.hasVisibleText else { break }
      add(text)
    case .search:
      guard text.hasVisibleText else { break }
      search(text)
    case .command:
      return runCommandLine(text)
    }
    return .proceed
  }

  /// `day`, or the error of a step past the calendar's edge from `from`.
  static func day(_ day: Day?, from: Day, _ count: Int) throws -> Day {
    guard let day else {
      throw DayError.outOfRange(from: from, direction: count < 0 ? .before : .after)
    }
    return day
  }

  // MARK: - The screen and the clock

  /// Takes the screen's new size; the page is laid out again for it.
  func resize(to newSize: TerminalSize) {
    guard newSize != size else { return }
    size = newSize
    attempt { try load() }
  }

  /// Runs every second without a key: retries a selection save that found the database
  /// locked, and reloads the page when another process changed the database.
  func tick() {
    if selectionSaveDue { saveSelection() } else { selectionSavePending = false }
    checkForChanges()
  }

  /// Saves the selection if it moved and no save found the database locked since (those wait
  /// for `tick`): what the loop does once the keys pause.
  func saveIfDue() {
    if wantsSaveSoon { saveSelection() }
  }

  /// Whether the loop should call `saveIfDue` as soon as the keys pause.
  var wantsSaveSoon: Bool { selectionSaveDue && !selectionSavePending }

  /// Reloads the page when the database changed since it was loaded.
  func checkForChanges() {
    guard let token = try? session.store.changeToken(), token != seenToken else { return }
    attempt { try load() }
  }

  // MARK: - Loading and saving

  /// Loads the selected day's page, moving to `target(selected)` first when given, and
  /// selects the note `noteID` (else the note selected before, by id, else the first).
  func load(moving target: ((Day) throws -> Day)? = nil, selecting noteID: Int? = nil) throws {
    let keptID = noteID ?? (target == nil ? selectedNoteValue?.id : nil)
    // The token is read before the page: a change in between shows as a change next time.
    let token = try session.store.changeToken()
    let loaded = try unit.page(in: session, width: max(size.columns, 1), moving: target)
    page = loaded
    seenToken = token
    if target != nil || noteID != nil { noteScroll = 0 }
    if loaded.notes.isEmpty {
      selectedNote = nil
    } else {
      selectedNote = keptID.flatMap { id in loaded.notes.firstIndex { $0.id == id } } ?? 0
    }
  }

  /// Moves the selection (saved once the keys pause), or shows why it could not move.
  func move(to target: @escaping (Day) throws -> Day, selecting noteID: Int? = nil) {
    attempt { try load(moving: target, selecting: noteID) }
  }

  private func move(_ target: @escaping (Day) throws -> Day) {
    move(to: target)
  }

  private func step(by count: Int) {
    let unit = self.unit
    move { try Self.day(unit.step(from: $0, by: count), from: $0, count) }
  }

  /// Saves the selection if the database can be written at once; else marks it for `tick`.
  func saveSelection() {
    do {
      selectionSavePending = try !session.saveSelectionWithoutWaiting()
    } catch {
      selectionSavePending = true
      show(error)
    }
  }

  /// Runs `body`, showing an error it throws in the status bar.
  func attempt(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      show(error)
    }
  }

  /// Shows `error` in the status bar, as the line mode words it.
  func show(_ error: Error) {
    message = Message(text: ErrorReport(error).text(withUsage: false), isError: true)
  }

  /// Shows `text` in the status bar.
  func show(_ text: String) {
    message = Message(text: text, isError: false)
  }

  /// Shows a list (search results, a command's output) over the page.
  func present(_ list: BrowseList) {
    mode = .list(list)
  }

  /// The selected note.
  var selectedNoteValue: Note? {
    guard let page, let selectedNote, page.notes.indices.contains(selectedNote) else { return nil }
    return page.notes[selectedNote]
  }

  private func selectNote(forward: Bool) {
    guard let page, !page.notes.isEmpty else {
      message = Message(text: "No notes on this day", isError: false)
      return
    }
    let count = page.notes.count
    selectedNote = ((selectedNote ?? 0) + (forward ? 1 : -1) + count) % count
    noteScroll = 0
  }

  /// How far the notes can scroll on the page as the pager draws it (the screen less the
  /// status bar), or nil without a page.
  private var notesScrolling: NoteScrolling? {
    page?.scrolling(
      width: max(size.columns, 1), height: max(size.rows - 1, 1), selectedNote: selectedNote)
  }

  /// Scrolls the notes `rows` down (up when negative), no further than their first and last
  /// rows: a key past an edge changes nothing, so the next key the other way moves at once.
  private func scrollNotes(by rows: Int) {
    guard let range = notesScrolling?.range else { return }
    noteScroll = min(max(noteScroll + rows, range.lowerBound), range.upperBound)
  }
}
