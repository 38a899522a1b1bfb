/// What a key does in `calpager browse`.
enum BrowseAction: Hashable, Sendable {
  /// One unit of the view (a day) back (-1) or forward (1).
  case step(Int)
  /// A week back or forward.
  case week(Int)
  /// A month back or forward.
  case month(Int)
  /// Today.
  case today
  /// Ask for a date and go there.
  case goTo
  /// The nearest day with notes, forward or back.
  case dayWithNotes(forward: Bool)
  /// Add a note to the selected day from a one-line prompt.
  case add
  /// Add a note to the selected day written in `$EDITOR`.
  case addInEditor
  /// Edit the selected note in `$EDITOR`.
  case edit
  /// Select the next or the previous note.
  case selectNote(forward: Bool)
  /// Scroll the notes this many rows down (up when negative), to read a note or a day longer
  /// than the screen.
  case scrollNotes(Int)
  /// Scroll the notes a screen down or up.
  case scrollNotesPage(forward: Bool)
  /// Delete the selected note, once confirmed.
  case delete
  /// Undo the last change.
  case undo
  /// Ask for words and list the notes that match.
  case search
  /// Ask for a line-mode command and run it.
  case command
  /// Show the keys.
  case help
  /// Leave.
  case quit
  /// Leave, as Ctrl-C asks (exit status 130).
  case interrupt
  /// Stop the process, as Ctrl-Z does in a shell.
  case suspend
  /// Draw the whole screen again.
  case redraw
}

/// The keys of `calpager browse`: one table that the key handling, the `?` screen and the
/// command's help all read, so they cannot disagree.
enum BrowseKeys {
  /// A row of the table: the keys, how help names them, and what they do.
  struct Binding: Sendable {
    /// The keys.
    let keys: [Key]
    /// The keys as help shows them, such as `← h`.
    let label: String
    /// What they do.
    let help: String
    /// The action.
    let action: BrowseAction

  }

  /// Every binding, in the order help lists them.
  static let bindings: [Binding] = [
    Binding(
      keys: [.left, .character("h")], label: "← h", help: "The day before", action: .step(-1)),
    Binding(
      keys: [.right, .character("l")], label: "→ l", help: "The day after", action: .step(1)),
    Binding(keys: [.up, .character("k")], label: "↑ k", help: "A week back", action: .week(-1)),
    Binding(keys: [.down, .character("j")], label: "↓ j", help: "A week on", action: .week(1)),
    Binding(keys: [.pageUp], label: "PgUp", help: "A month back", action: .month(-1)),
    Binding(keys: [.pageDown], label: "PgDn", help: "A month on", action: .month(1)),
    Binding("t", help: "Today", action: .today),
    Binding("g", help: "Go to a date", action: .goTo),
    Binding("n", help: "The next day with notes", action: .dayWithNotes(forward: true)),
    Binding("N", help: "The previous day with notes", action: .dayWithNotes(forward: false)),
    Binding(
      keys: [.tab], label: "Tab", help: "The next note", action: .selectNote(forward: true)
    ),
    Binding(
      keys: [.backTab], label: "S-Tab", help: "The previous note",
      action: .selectNote(forward: false)),
    Binding("J", help: "Scroll notes down a line", action: .scrollNotes(1)),
    Binding("K", help: "Scroll notes up a line", action: .scrollNotes(-1)),
    Binding(
      keys: [.character(" ")], label: "Space", help: "Scroll notes down a screen",
      action: .scrollNotesPage(forward: true)),
    Binding("b", help: "Scroll notes up a screen", action: .scrollNotesPage(forward: false)),
    Binding("a", help: "Add a note", action: .add),
    Binding("A", help: "Add a note in $EDITOR", action: .addInEditor),
    Binding("e", help: "Edit the note in $EDITOR", action: .edit),
    Binding("d", help: "Delete the note (asks)", action: .delete),
    Binding("u", help: "Undo the last change", action: .undo),
    Binding("/", help: "Search the notes", action: .search),
    Binding(":", help: "Run a command (as in shell)", action: .command),
    Binding("?", help: "These keys", action: .help),
    Binding(keys: [.control("l")], label: "C-l", help: "Draw the screen again", action: .redraw),
    Binding(keys: [.control("z")], label: "C-z", help: "Suspend (fg resumes)", action: .suspend),
    Binding("q", help: "Quit", action: .quit),
    Binding(keys: [.control("c")], label: "C-c", help: "Quit (status 130)", action: .interrupt),
  ]

  /// The action of `key`, if it has one.
  static func action(for key: Key) -> BrowseAction? {
    actions[key]
  }

  private static let actions: [Key: BrowseAction] = {
    var actions: [Key: BrowseAction] = [:]
    for binding in bindings {
      for key in binding.keys {
        precondition(actions[key] == nil, "\(key.name) bound twice")
        actions[key] = binding.action
      }
    }
    return actions
  }()

  /// The table as lines, `  ← h     The day before`.
  static var lines: [String] {
    let width = bindings.map { Screen.width(of: $0.label) }.max() ?? 0
    return bindings.map { binding in
      let padding = String(repeating: " ", count: width - Screen.width(of: binding.label) + 3)
      return "  " + binding.label + padding + binding.help
    }
  }
}

extension BrowseKeys.Binding {
  /// A row of the one printable key `character`, which help names by itself: the key and its
  /// label are written once.
  init(_ character: Character, help: String, action: BrowseAction) {
    self.init(keys: [.character(character)], label: String(character), help: help, action: action)
  }
}
