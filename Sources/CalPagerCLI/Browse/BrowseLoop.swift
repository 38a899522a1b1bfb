import CommandLanguage

/// `calpager browse` on the terminal: the full-screen mode, the keys read, `Browser`'s frames
/// drawn, and the terminal restored exactly however it ends.
///
/// `TerminalMode` restores the terminal on `restore()` (a quit, an error thrown out of here),
/// and from its signal handlers on `SIGTERM`, `SIGHUP` and `SIGQUIT`; Ctrl-C and Ctrl-Z are
/// keys in raw mode. Every frame is drawn whole in one write. The loop waits at most a second
/// for a key, so that other processes' changes show and a locked selection save is retried
/// even while nobody types; after a move it waits `saveDelayMilliseconds`, then saves the
/// selection: paging key after key costs no disk sync, and a frame never waits for one.
enum BrowseLoop {
  /// How long the loop waits for a key before it looks for changes, in milliseconds.
  static let tickMilliseconds = 1000
  /// How long the keys must pause before a move is saved, in milliseconds.
  static let saveDelayMilliseconds = 50

  /// Runs the pager on `session` until it quits; returns the exit status (0 for `q`, 130 for
  /// Ctrl-C, 1 when the terminal went away).
  ///
  /// - Throws: `TerminalError` when the terminal cannot be put in full-screen mode; the
  ///   store's errors when the first page cannot be read or the selection cannot be saved at
  ///   the end. The terminal is restored before anything is thrown.
  static func run(session: Session, options: GlobalOptions) throws -> Int32 {
    let terminal = try TerminalMode()
    defer { terminal.restore() }
    let style = Style.resolve(
      options, environment: session.environment, outputIsTerminal: true,
      terminalWidth: terminal.size.columns)
    var screen = Screen(size: terminal.size, colors: style.color)
    let browser = Browser(session: session, size: terminal.size) { body in
      terminal.withTerminalRestored(body)
    }
    try browser.start()
    let keys = KeyReader(wakeDescriptor: terminal.wakeDescriptor)
    var status: Int32 = 0
    loop: while terminal.isActive {
      let (lines, cursor) = browser.frame()
      guard terminal.write(screen.frame(lines, cursor: cursor)) else {
        status = 1
        break
      }
      let savesSoon = browser.wantsSaveSoon
      switch keys.next(timeoutMilliseconds: savesSoon ? saveDelayMilliseconds : tickMilliseconds) {
      case .key(let key):
        switch browser.handle(key) {
        case .proceed: break
        case .quit(let code):
          status = code
          break loop
        case .suspend: terminal.suspend()
        case .redraw: terminal.write(clearScreen)
        }
      case .wake:
        let events = terminal.takeEvents()
        screen.size = terminal.size
        browser.resize(to: terminal.size)
        if events.contains(.resumed) {
          terminal.write(clearScreen)
          browser.checkForChanges()
        }
      case .timeout:
        if savesSoon { browser.saveIfDue() } else { browser.tick() }
      case .end:
        status = 1
        break loop
      }
    }
    // The full screen could not come back after the editor: the session ended by itself.
    if !terminal.isActive && status == 0 { status = 1 }
    terminal.restore()
    // The last move, if a lock kept it from being saved, is saved now, waiting as any
    // command does.
    try session.saveSelection()
    return status
  }

  /// Clears the screen (the next frame draws every row).
  private static let clearScreen = Array("\u{1B}[H\u{1B}[2J".utf8)
}
