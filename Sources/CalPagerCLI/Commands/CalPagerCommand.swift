import CalendarPaging
import CommandLanguage
import NoteStore

/// A calpager subcommand: its arguments and options, its spec, how it reads them, and what it
/// does.
///
/// Each command is one type in its own file, listed once in `CommandRegistry`. It declares
/// each argument and option once, as a static key (`ArgumentKey`, `OptionKey`), and builds its
/// spec from the keys' declarations; the spec drives the parser (which options the command
/// takes), help, usage lines, the shell completions and the man page, and says how the line
/// mode and browse treat the command (`endsTransaction`, `runsInBrowse`). `init(_:)` reads
/// the values through the same keys (`arguments.read(Self.id)`), in the order its messages
/// should come; `run(in:)` does the work and returns a result, which renders itself as text
/// or JSON. To add a command:
///
/// 1. Write `Sources/CalPagerCLI/Commands/NameCommand.swift`: a struct conforming to this
///    protocol, with a `static let` key for each argument and option (an option another
///    command declares is referred to, or remade with `with(help:)`), its `spec` listing their
///    declarations, `init(_:)` reading them (then `expectNoMoreWords()`) and `run(in:)`.
/// 2. Add `NameCommand.self` to `CommandRegistry.commands`.
///
/// If it returns a new kind of result, add that result type (with its rendering) in
/// `Sources/CalPagerCLI/Results/`.
protocol CalPagerCommand: Sendable, Equatable {
  /// What the command returns.
  associatedtype Result: CommandResult

  /// The command's name, help and options.
  static var spec: CommandSpec { get }

  /// Reads the command's arguments through its keys.
  ///
  /// - Throws: `UsageError` for a missing, extra or malformed argument or option value.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does what the command does.
  ///
  /// - Throws: A usage error (exit 64) or a runtime error (exit 1) of any layer.
  func run(in context: CommandContext) throws -> Result
}

/// What a command runs with: the session (the database, the selection, the output), the
/// environment, and how its result will be shown.
struct CommandContext {
  /// The global options the command was given (in the line mode, laid over `shell`'s).
  let options: GlobalOptions
  /// The style its result is rendered in.
  let style: Style
  /// Whether it came from the command line or a line of `calpager shell`.
  let mode: ParseMode
  /// The process environment.
  let environment: [String: String]
  /// Today, in `$TZ` (or `$CALPAGER_TODAY`).
  let today: Day
  private let opener: SessionOpener

  /// A context whose session `open` makes the first time a command asks for it.
  init(
    options: GlobalOptions, style: Style, mode: ParseMode, environment: [String: String],
    today: Day, open: @escaping () throws -> Session
  ) {
    self.options = options
    self.style = style
    self.mode = mode
    self.environment = environment
    self.today = today
    opener = SessionOpener(open: open)
  }

  /// A context over a session already open (the line mode's).
  init(session: Session, options: GlobalOptions, mode: ParseMode) {
    self.init(
      options: options, style: session.style(for: options), mode: mode,
      environment: session.environment, today: session.today, open: { session })
  }

  /// The session if a command opened it, else nil (nothing to save at the end).
  var openedSession: Session? { opener.openedSession }

  /// The session: the database is opened the first time a command asks for it, so `help`
  /// needs none.
  var session: Session {
    get throws { try opener.session() }
  }

  /// The store.
  var store: NoteStore {
    get throws { try session.store }
  }

  /// The page of the selected day, its week or its month, after moving the selection to
  /// `target(selected, unit)` when a target is given (`Session.page(width:by:withDetails:moving:)`
  /// at this context's width, the notes with their details when the page is shown as JSON).
  func page(by unit: CalendarUnit?, moving target: ((Day, CalendarUnit) throws -> Day)? = nil)
    throws -> PageResult
  {
    try session.page(width: style.width, by: unit, withDetails: style.json, moving: target)
  }
}

/// Opens a session once, when first asked.
private final class SessionOpener {
  private let open: () throws -> Session
  private var opened: Session?

  init(open: @escaping () throws -> Session) {
    self.open = open
  }

  /// The session, if a command opened it.
  var openedSession: Session? { opened }

  func session() throws -> Session {
    if let opened { return opened }
    let session = try open()
    opened = session
    return session
  }
}

/// A command that takes no arguments (`show`, `undo`, `begin`, …): reading its arguments only
/// checks that none were given.
protocol ArgumentlessCommand: CalPagerCommand {
  /// The command.
  init()
}

extension ArgumentlessCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.expectNoMoreWords()
    self.init()
  }
}
