// The command-language sources are compiled into this target through the CommandLanguage
// symlink (see FuzzTokenizer).

/// libFuzzer entry: tokenize and parse, as a shell line or as command-line words.
///
/// The first byte picks the mode: odd for a `calpager shell` line (tokenized, then parsed),
/// even for command-line words separated by NUL bytes. Parsing must never crash; a parsed
/// invocation's canonical words parse back to it (and, in the line mode, so does the quoted
/// line); counts, ids and widths are in range; help renders; and every usage error is one
/// terminal-safe message with usage lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let mode: ParseMode = data[0] & 1 == 1 ? .shellLine : .commandLine
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
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
    let invocation = try CommandParser.parse(words, mode: mode)
    check(invocation, mode: mode)
  } catch {
    precondition(!error.message.isEmpty, "empty message")
    precondition(!error.message.contains("\n"), "message on several lines")
    precondition(
      !error.description.unicodeScalars.contains { $0 != "\n" && TerminalText.mustEscape($0) },
      "message not terminal-safe")
  }
  return 0
}

private func check(_ invocation: Invocation, mode: ParseMode) {
  let again = try? CommandParser.parse(invocation.arguments, mode: mode)
  precondition(again == invocation, "canonical words did not parse back")
  if mode == .shellLine {
    let line = invocation.arguments.map(Tokenizer.quoted).joined(separator: " ")
    precondition((try? CommandParser.parseLine(line)) == invocation, "quoted line differs")
  }
  if let width = invocation.options.width { precondition((1...10_000).contains(width)) }
  switch invocation.command {
  case .next(let count, _), .previous(let count, _):
    precondition((1...DateExpression.maximumOffset).contains(count), "count out of range")
  case .edit(let id, _), .remove(let id), .move(let id, _):
    precondition(id >= 1, "id not positive")
  case .help(let topic):
    precondition(HelpText.text(for: topic, mode: mode).hasPrefix("OVERVIEW: "))
  case .search(let query):
    precondition(query.contains { !$0.isWhitespace }, "blank query")
  default:
    break
  }
  if case .add(_, .text(let text)) = invocation.command {
    precondition(text.contains { !$0.isWhitespace }, "blank note")
  }
}
