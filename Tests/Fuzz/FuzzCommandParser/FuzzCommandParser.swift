import CalendarPaging
import CommandLanguage
import DisplayText

@testable import CalPagerCLI

/// libFuzzer entry: tokenize and parse through calpager's registry, then read the command's
/// arguments, as a shell line or as command-line words.
///
/// The first byte picks the mode: odd for a `calpager shell` line (tokenized, then parsed),
/// even for command-line words separated by NUL bytes. Parsing must never crash; a parsed
/// invocation's canonical words parse back to it (and, in the line mode, so does the quoted
/// line); reading the arguments gives the same command from both; counts, ids and widths are
/// in range; help renders; and every usage error is one terminal-safe message with usage
/// lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let mode: ParseMode = data[0] & 1 == 1 ? .shellLine : .commandLine
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  let grammar = CommandRegistry.grammar
  do {
    let words: [String]
    switch mode {
    case .shellLine:
      words = try Tokenizer.words(in: bytes)
      if words.isEmpty { return 0 }
    case .commandLine:
      words = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    }
    let invocation = try CommandParser.parse(words, mode: mode, grammar: grammar)
    try check(invocation, mode: mode)
  } catch let error as UsageError {
    precondition(!error.message.isEmpty, "empty message")
    precondition(!error.message.contains("\n"), "message on several lines")
    precondition(
      !error.description.unicodeScalars.contains { $0 != "\n" && TerminalText.mustEscape($0) },
      "message not terminal-safe")
  } catch {
    preconditionFailure("not a usage error: \(error)")
  }
  return 0
}

private func check(_ invocation: Invocation, mode: ParseMode) throws {
  let grammar = CommandRegistry.grammar
  let again = try? CommandParser.parse(invocation.arguments, mode: mode, grammar: grammar)
  precondition(again == invocation, "canonical words did not parse back")
  if mode == .shellLine {
    let line = invocation.arguments.map(Tokenizer.quoted).joined(separator: " ")
    precondition(
      (try? CommandParser.parseLine(line, grammar: grammar)) == invocation, "quoted line differs")
  }
  if let width = invocation.options.width { precondition((1...10_000).contains(width)) }
  switch invocation.request {
  case .help(let name):
    let spec = name.flatMap(grammar.command(named:))
    precondition(HelpText.text(for: spec, grammar: grammar, mode: mode).hasPrefix("OVERVIEW: "))
  case .version:
    break
  case .command(let arguments):
    guard let type = CommandRegistry.command(named: arguments.name) else {
      preconditionFailure("parsed a command the registry does not hold")
    }
    try checkCommand(type, arguments)
  }
}

private func checkCommand<Command: CalPagerCommand>(
  _ type: Command.Type, _ arguments: ParsedArguments
) throws {
  let command = try Command(arguments)
  switch command {
  case let next as NextCommand:
    precondition((1...DateExpression.maximumOffset).contains(next.count), "count out of range")
  case let previous as PrevCommand:
    precondition((1...DateExpression.maximumOffset).contains(previous.count), "count out of range")
  case let edit as EditCommand:
    precondition(edit.id >= 1, "id not positive")
  case let remove as RemoveCommand:
    precondition(remove.id >= 1, "id not positive")
  case let move as MoveCommand:
    precondition(move.id >= 1, "id not positive")
  case let search as SearchCommand:
    precondition(
      search.words.joined().contains { !$0.isWhitespace }, "blank query")
    precondition(search.limit.map { $0 >= 1 } ?? true, "limit not positive")
  case let add as AddCommand:
    if case .text(let text) = add.body {
      precondition(text.contains { !$0.isWhitespace }, "blank note")
    }
  default:
    break
  }
}
