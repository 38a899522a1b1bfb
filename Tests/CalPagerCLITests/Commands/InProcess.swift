import CalendarPaging
import CommandLanguage
import Foundation
import NoteStore
import TestSupport
import Testing

@testable import CalPagerCLI

/// Runs commands in this process, as `calpager` would, on a real database in a temporary
/// directory: the command line is parsed through the registry, dispatched, and its result
/// rendered into a file read back as the output.
final class InProcess {
  let directory = TemporaryDirectory("commands")
  let store: NoteStore
  let session: Session
  private let outputPath: String
  private let descriptor: Int32

  /// A session on a new database; `today` pins today's date.
  init(today: String = "2030-06-15", environment: [String: String] = [:]) throws {
    store = try NoteStore(
      location: StoreLocation(path: directory.file("notes.db"), createsParentDirectories: false))
    outputPath = directory.file("stdout")
    descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var merged = environment
    merged["CALPAGER_TODAY"] = today
    // A sync folder is a calendar: its events index stays in the test's folder.
    merged["XDG_CACHE_HOME"] = merged["XDG_CACHE_HOME"] ?? directory.file("cache")
    session = Session(
      store: store, environment: merged, output: Output(descriptor: descriptor),
      selectionSaving: .withTheMove)
  }

  deinit {
    close(descriptor)
  }

  /// Runs one command line (shell-quoted words, without `calpager`) and returns what it
  /// printed; a failure is thrown as the command threw it.
  @discardableResult
  func run(_ line: String, mode: ParseMode = .commandLine) throws -> String {
    let invocation = try CommandParser.parse(
      Tokenizer.words(in: line), mode: mode, grammar: CommandRegistry.grammar)
    guard case .command(let arguments) = invocation.request else {
      throw UsageError("not a command: \(line)", usage: .none)
    }
    let context = CommandContext(session: session, options: invocation.options, mode: mode)
    let result = try Dispatcher.run(arguments, in: context)
    result.render(to: session.output, style: context.style)
    let printed = flushed()
    if let failure = result.failure { throw failure }
    return printed
  }

  /// Runs `line` and returns its JSON object, parsed.
  func json(_ line: String) throws -> [String: Any] {
    let text = try run(line + " --json")
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any], "\(text)")
  }

  /// The error `line` throws, as the report calpager prints.
  func failure(_ line: String, mode: ParseMode = .commandLine) -> ErrorReport? {
    do {
      try run(line, mode: mode)
      return nil
    } catch {
      _ = flushed()
      return ErrorReport(error)
    }
  }

  /// What was printed since the last read; the file is emptied.
  private func flushed() -> String {
    session.output.flush()
    let text = String(decoding: contentsOfFile(outputPath) ?? [], as: UTF8.self)
    ftruncate(descriptor, 0)
    lseek(descriptor, 0, SEEK_SET)
    return text
  }
}
