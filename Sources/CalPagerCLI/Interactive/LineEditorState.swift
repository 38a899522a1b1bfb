/// What the shell's line editor does with each key, apart from the terminal: the buffer, the
/// history and its search, the kill ring and Tab, as Emacs keys (readline's defaults).
///
/// ```swift
/// var state = LineEditorState()
/// state.completion = { before in candidates(before) }
/// state.startLine(history: history.entries)
/// switch state.handle(.character("x")) { … }   // .editing: draw `state.shown` again
/// ```
///
/// The keys:
/// - characters insert at the cursor; a paste inserts its text, line breaks included, and runs
///   nothing; Enter accepts the whole text.
/// - Left/Right, Ctrl-B/F by characters; Alt-B/F, Ctrl- or Alt-Left/Right by words; Home/End,
///   Ctrl-A/E to the line's ends.
/// - Backspace, Delete; Ctrl-D deletes under the cursor, and on an empty line ends the input.
/// - Ctrl-K, Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace kill into the kill ring; Ctrl-Y yanks the
///   newest kill, Alt-Y (right after) replaces it with the one before; Ctrl-T transposes.
/// - Up/Down, Ctrl-P/N go through the history; edits to a recalled entry last until the line is
///   accepted. Ctrl-R and Ctrl-S search it (see `HistorySearch`): characters add to the query,
///   Backspace takes one back, Ctrl-R/S again find the next match, Enter accepts the line shown,
///   Ctrl-G puts back the line from before the search, Escape or any editing key keeps the line
///   shown and goes on editing it.
/// - Tab completes the word before the cursor through `completion` (see `Completion`).
/// - Ctrl-C cancels the line, Ctrl-L clears the screen, Ctrl-Z suspends.
/// - Escape is the Meta prefix: Escape then B is Alt-B (that is what Alt-B sends).
package struct LineEditorState {
  /// What a key asks of the terminal side.
  package enum Outcome: Equatable, Sendable {
    /// The line changed (or may have): draw it again.
    case editing
    /// Enter: the text, line breaks included.
    case accepted(String)
    /// Ctrl-C: the line is dropped.
    case cancelled
    /// Ctrl-D on an empty line: the input is over.
    case endOfInput
    /// Tab found several candidates and nothing to add: list them.
    case listing([String])
    /// Nothing could be done (no completion, no older entry): ring the bell.
    case bell
    /// Ctrl-L: clear the screen and draw the line at its top.
    case clearScreen
    /// Ctrl-Z: stop the process, then draw the line again.
    case suspend
  }

  /// The line being edited.
  package private(set) var buffer = LineBuffer()
  /// The history search under way, if any.
  package private(set) var search: HistorySearch?
  /// The kills so far; they outlive a line.
  package private(set) var killRing = KillRing()
  /// Candidates for Tab, given the cursor's line before the cursor; nil: Tab rings the bell.
  package var completion: ((String) -> [String])?

  /// The history, oldest first, as of the line's start.
  private var history: [String] = []
  /// Where Up and Down are: `history.count` for the new line.
  private var historyIndex = 0
  /// Lines as edited while they were shown, by history position (the new line's too).
  private var edits: [Int: LineBuffer] = [:]
  /// The last query searched for, which Ctrl-R with an empty query looks for again.
  private var lastQuery = ""
  /// Whether the key before was Escape.
  private var metaPending = false
  /// What the key before did, for kills in a row and Alt-Y.
  private var lastAction = LastAction.other

  private enum LastAction {
    case other
    case kill
    /// A yank: the buffer before it, and how far back in the ring the yanked text was.
    case yank(before: LineBuffer, offset: Int)
  }

  /// A state with an empty line and no history.
  package init() {}

  /// Starts a new, empty line, with `history` (oldest first) for Up, Down and the search.
  package mutating func startLine(history: [String]) {
    self.history = history
    historyIndex = history.count
    edits = [:]
    buffer = LineBuffer()
    search = nil
    metaPending = false
    lastAction = .other
  }

  /// Starts a new, empty line with the same history (after Ctrl-C).
  package mutating func restartLine() {
    startLine(history: history)
  }

  /// Applies `key`.
  package mutating func handle(_ key: Key) -> Outcome {
    if metaPending {
      metaPending = false
      return record(handleMeta(key))
    }
    if search != nil, let outcome = handleInSearch(key) { return outcome }
    return record(handlePlain(key))
  }

  /// Notes what the key did for the next one: `action` when given, else `.other`.
  private mutating func record(_ result: (Outcome, LastAction?)) -> Outcome {
    lastAction = result.1 ?? .other
    return result.0
  }

  private mutating func handlePlain(_ key: Key) -> (Outcome, LastAction?) {
    switch key {
    case .character(let character):
      buffer.insert(String(character))
    case .paste(let text):
      buffer.insert(text)
    case .enter:
      return (.accepted(buffer.text), nil)
    case .tab:
      return (complete(), nil)
    case .escape:
      metaPending = true
      // (A kill or yank before Escape still counts for Alt-Y and the next kill.)
      return (.editing, lastAction)
    case .backspace, .control("h"):
      return (buffer.deleteBackward() ? .editing : .bell, nil)
    case .delete:
      buffer.deleteForward()
    case .left, .control("b"):
      buffer.moveLeft()
    case .right, .control("f"):
      buffer.moveRight()
    case .home, .control("a"):
      buffer.moveToLineStart()
    case .end, .control("e"):
      buffer.moveToLineEnd()
    case .modified(let arrow, let modifiers)
    where modifiers.movesByWord && (arrow == .left || arrow == .right):
      if arrow == .left { buffer.moveWordBackward() } else { buffer.moveWordForward() }
    case .modified(let other, _):
      return handlePlain(other)
    case .up, .control("p"):
      return (showHistory(at: historyIndex - 1), nil)
    case .down, .control("n"):
      return (showHistory(at: historyIndex + 1), nil)
    case .control("d"):
      if buffer.isEmpty { return (.endOfInput, nil) }
      buffer.deleteForward()
    case .control("k"):
      return kill(buffer.killToLineEnd(), forward: true)
    case .control("u"):
      return kill(buffer.killToLineStart(), forward: false)
    case .control("w"):
      return kill(buffer.killWordBeforeCursor(), forward: false)
    case .control("y"):
      return yank(back: 0, replacing: nil)
    case .control("t"):
      return (buffer.transpose() ? .editing : .bell, nil)
    case .control("r"):
      startSearch(.backward)
    case .control("s"):
      startSearch(.forward)
    case .control("c"):
      return (.cancelled, nil)
    case .control("l"):
      return (.clearScreen, nil)
    case .control("z"):
      return (.suspend, nil)
    case .control("g"):
      return (.bell, nil)
    default:
      break
    }
    return (.editing, nil)
  }

  /// The key after Escape: Alt-B, Alt-F, Alt-D, Alt-Backspace, Alt-Y; any other key as if
  /// Escape had not come before it.
  private mutating func handleMeta(_ key: Key) -> (Outcome, LastAction?) {
    switch key {
    case .character("b"), .character("B"), .left:
      buffer.moveWordBackward()
    case .character("f"), .character("F"), .right:
      buffer.moveWordForward()
    case .character("d"), .character("D"):
      return kill(buffer.killWordForward(), forward: true)
    case .backspace, .control("h"):
      return kill(buffer.killWordBackward(), forward: false)
    case .character("y"), .character("Y"):
      guard case .yank(let before, let offset) = lastAction else { return (.bell, nil) }
      return yank(back: offset + 1, replacing: before)
    case .escape:
      break
    case .character:
      return (.bell, nil)
    default:
      if search != nil, let outcome = handleInSearch(key) { return (outcome, nil) }
      return handlePlain(key)
    }
    return (.editing, nil)
  }

  private mutating func kill(_ text: String, forward: Bool) -> (Outcome, LastAction?) {
    guard !text.isEmpty else { return (.editing, lastAction) }
    let joining: Bool
    if case .kill = lastAction { joining = true } else { joining = false }
    killRing.add(text, joining: joining, forward: forward)
    return (.editing, .kill)
  }

  /// Inserts the kill `offset` back, first putting back `replacing` (the buffer before the
  /// yank that Alt-Y replaces).
  private mutating func yank(back offset: Int, replacing: LineBuffer?) -> (Outcome, LastAction?) {
    guard let text = killRing.entry(back: offset) else { return (.bell, nil) }
    if let replacing { buffer = replacing }
    let before = buffer
    buffer.insert(text)
    return (.editing, .yank(before: before, offset: offset))
  }

  // MARK: - History

  private mutating func showHistory(at index: Int) -> Outcome {
    guard index >= 0, index <= history.count, index != historyIndex else { return .bell }
    edits[historyIndex] = buffer
    historyIndex = index
    buffer = edits[index] ?? LineBuffer(index < history.count ? history[index] : "")
    return .editing
  }

  private mutating func startSearch(_ direction: HistorySearch.Direction) {
    search = HistorySearch(entries: history, from: historyIndex, direction: direction)
  }

  /// A key while searching; nil when the key ends the search and is then handled as usual.
  private mutating func handleInSearch(_ key: Key) -> Outcome? {
    guard var search else { return nil }
    switch key {
    case .character(let character):
      search.type(String(character))
    case .paste(let text):
      search.type(String(text.map { $0 == "\n" ? " " : $0 }))
    case .backspace, .control("h"):
      search.deleteBackward()
    case .control("r"):
      search.next(.backward, previousQuery: lastQuery)
    case .control("s"):
      search.next(.forward, previousQuery: lastQuery)
    case .control("g"):
      self.search = nil
      return .editing
    case .control("c"):
      endSearch(search)
      return .cancelled
    case .escape:
      endSearch(search)
      metaPending = true
      return .editing
    case .enter:
      endSearch(search)
      return .accepted(buffer.text)
    default:
      endSearch(search)
      return nil
    }
    self.search = search
    if !search.query.isEmpty { lastQuery = search.query }
    return search.isFailing ? .bell : .editing
  }

  /// Leaves the search with its match as the line, the cursor where the query starts.
  private mutating func endSearch(_ search: HistorySearch) {
    self.search = nil
    guard let match = search.match else { return }
    edits[historyIndex] = buffer
    historyIndex = match.index
    buffer = LineBuffer(match.entry)
    buffer.moveCursor(to: match.offset)
  }

  /// The line as it is shown: the search's match while one is under way, else the buffer.
  package var shown: LineBuffer {
    guard let match = search?.match else { return buffer }
    var shown = LineBuffer(match.entry)
    shown.moveCursor(to: match.offset)
    return shown
  }

  // MARK: - Completion

  private mutating func complete() -> Outcome {
    guard let completion else { return .bell }
    let before = buffer.lineBeforeCursor
    switch Completion.action(word: Completion.word(before: before), candidates: completion(before))
    {
    case .none:
      return .bell
    case .insert(let text):
      buffer.insert(text)
      return .editing
    case .list(let candidates):
      return .listing(candidates)
    }
  }
}
