import CalendarPaging
import CommandLanguage
import Glibc
import Interchange
import NoteStore

/// The calpager command: argv and environment in, exit status out.
public enum CalPager {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs the process's command line and exits with its status; never returns.
  public static func main() -> Never {
    // A closed pipe (`calpager export | head -1`) ends the process quietly, as it does every
    // Unix filter, even when the parent ignored SIGPIPE (ignored signals are inherited): any
    // other failed write is an error (`Output`).
    signal(SIGPIPE, SIG_DFL)
    var environment: [String: String] = [:]
    var undecodable: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      pointer += 1
      // Split at the first '=' by bytes: a search by Character would cost every variable a
      // grapheme-breaking walk, a sizeable part of a one-shot command's start.
      guard let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { continue }
      let nameLength = entry.distance(to: equals)
      guard let text = String(validatingCString: entry) else {
        let bytes = UnsafeRawBufferPointer(start: entry, count: nameLength)
        undecodable.append(String(decoding: bytes, as: UTF8.self))
        continue
      }
      let name = String(Substring(text.utf8.prefix(nameLength)))
      environment[name] = String(Substring(text.utf8.dropFirst(nameLength + 1)))
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    // A variable that names the database must not quietly name another file.
    if let name = ["CALPAGER_DB", "XDG_DATA_HOME", "HOME"].first(where: undecodable.contains) {
      let error = CLIError.environmentNotUTF8(name: name)
      exit(fail(ErrorReport(error), json: false, output: Output(descriptor: 1)))
    }
    if let error = invalidArgument() {
      let wantsJSON = arguments.prefix(while: { $0 != "--" }).contains("--json")
      exit(fail(ErrorReport(error), json: wantsJSON, output: Output(descriptor: 1)))
    }
    exit(run(arguments: arguments, environment: environment, lingering: true))
  }

  /// The session of the process's one command, kept from being released: the process exits
  /// right after it, and the operating system closes its files and releases its locks, so
  /// finalizing every statement, closing both databases and freeing their caches (about
  /// 0.5 M instructions of a one-shot `show` with calendars) would be work thrown away.
  nonisolated(unsafe) private static var lingeringSession: Session?

  /// The error for the first argument that is not valid UTF-8, if any.
  ///
  /// `CommandLine.arguments` replaces invalid bytes with U+FFFD, so without this check a note
  /// would be stored altered and a path (`--db`, `import`, `export -o`, `backup`) would name
  /// another file. The line mode refuses such a line the same way.
  static func invalidArgument() -> UsageError? {
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
        count: strlen(argument))
      if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
        return UsageError(
          "argument \(index) has invalid UTF-8 at column \(Tokenizer.column(of: offset, in: bytes))",
          usage: .none)
      }
    }
    return nil
  }

  /// Runs one command line and returns the exit status: 0 success, 1 runtime error, 64 usage.
  ///
  /// What the command printed must reach standard output: a write that fails (a full disk,
  /// an I/O error) turns a success into `Error: …` and exit status 1.
  ///
  /// With `lingering` (the process exits next), the command's session is not released.
  public static func run(
    arguments: [String], environment: [String: String], lingering: Bool = false
  ) -> Int32 {
    let output = Output(descriptor: 1)
    let status = execute(arguments, environment: environment, output: output, lingering: lingering)
    guard !output.flush(), status == 0 else { return status }
    let wantsJSON = arguments.prefix(while: { $0 != "--" }).contains("--json")
    let error = CLIError.outputFailed(reason: output.writeErrorReason, rolledBackSince: nil)
    return fail(ErrorReport(error), json: wantsJSON, output: output)
  }

  /// Runs one command line, printing to `output`, and returns its exit status.
  private static func execute(
    _ arguments: [String], environment: [String: String], output: Output, lingering: Bool
  ) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try CommandParser.parse(arguments, grammar: CommandRegistry.grammar)
    } catch {
      let wantsJSON = arguments.prefix(while: { $0 != "--" }).contains("--json")
      return fail(ErrorReport(error), json: wantsJSON, output: output)
    }
    let style = Style.resolve(
      invocation.options, environment: environment, outputIsTerminal: Terminal.isTerminal(1),
      terminalWidth: Terminal.columns(of: 1))
    switch invocation.request {
    case .help(let name):
      let grammar = CommandRegistry.grammar
      TextResult.help(
        HelpText.text(
          for: name.flatMap(grammar.command(named:)), grammar: grammar, width: style.width)
      ).render(to: output, style: style)
      return 0
    case .version:
      TextResult.version.render(to: output, style: style)
      return 0
    case .command(let arguments):
      let options = invocation.options
      let today: Day
      do {
        today = try LocalTime.today(environment: environment)
      } catch {
        return fail(ErrorReport(error), json: style.json, output: output)
      }
      let context = CommandContext(
        options: options, style: style, mode: .commandLine, environment: environment,
        today: today
      ) {
        if options.databasePath == nil, environment["CALPAGER_DB"]?.isEmpty == true {
          // As `--db ''` is: an unset variable in a script must not mean the real database.
          throw UsageError(
            "the environment variable CALPAGER_DB is empty: unset it to use the default "
              + "database, or set it to a file", usage: .none)
        }
        let location = try StoreLocation.resolve(
          explicitPath: options.databasePath, environment: environment)
        let store = try NoteStore(location: location)
        store.zone = LocalTime.zone
        return Session(
          store: store, environment: environment, output: output, selectionSaving: .withTheMove,
          today: today)
      }
      defer { if lingering { lingeringSession = context.openedSession } }
      do {
        let result = try Dispatcher.run(arguments, in: context)
        result.render(to: output, style: style)
        // A move another process's lock kept from being saved with the page (see
        // `NoteStore.readPage`): saved now that the page is out, or said why not.
        if let session = context.openedSession, session.store.unsavedSelection != nil {
          output.flush()
          do {
            try session.saveSelection()
          } catch {
            return fail(
              ErrorReport(CLIError.selectionNotSaved(reason: "\(error)")), json: style.json,
              output: output)
          }
        }
        if let failure = result.failure {
          return fail(ErrorReport(failure), json: style.json, output: output)
        }
        return result.exitStatus
      } catch {
        return fail(ErrorReport(error), json: style.json, output: output)
      }
    }
  }

  private static func fail(_ report: ErrorReport, json: Bool, output: Output) -> Int32 {
    output.flush()
    report.write(to: Output(descriptor: 2), json: json, withUsage: true)
    return report.status
  }
}
