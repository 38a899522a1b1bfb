import CalendarPaging
import CommandLanguage
import DisplayText
import Interchange

/// How a failed command is reported: its message, exit status and, for usage errors, the
/// usage lines.
struct ErrorReport {
  /// The one-line message, in sentence case.
  let message: String
  /// 64 for a usage error, 1 for a runtime error.
  let status: Int32
  /// The usage lines printed after a usage error's message, if any.
  let usage: String?

  /// The report of `error`.
  init(_ error: Error) {
    var error = error
    if let failure = error as? CLIError, failure.isUsageError {
      // Not through the dispatcher, which gives it the usage of the command it is about.
      error = UsageError(failure.description, usage: .none)
    }
    switch error {
    case let usage as UsageError:
      message = usage.message.sentenceCased
      status = UsageError.exitStatus
      self.usage = usage.usageText
    case CLIError.skipped:
      // The line mode protocol's fixed notice for a line skipped in an aborted transaction,
      // which clients match as it is: `skipped: line K failed`.
      message = "\(error)"
      status = 1
      usage = nil
    default:
      message = "\(error)".sentenceCased
      status = 1
      usage = nil
    }
  }

  /// The text for standard error: `Error: …` and, with `withUsage`, the usage lines.
  ///
  /// The message is made terminal-safe here, once for every error: many quote what the user
  /// gave (a path, a file's line), and a control character in it must not reach the terminal.
  /// Escaping is idempotent, so messages that already escape their input are unchanged.
  func text(withUsage: Bool, linePrefix: String = "") -> String {
    var text = linePrefix + "Error: " + TerminalText.singleLine(message)
    if withUsage, let usage { text += "\n" + usage }
    return text
  }

  /// `{"error":"…","exit":64}`, with `"line":N` in the line mode.
  func writeJSON(to json: inout JSONWriter, line: Int? = nil) {
    json.object { json in
      json.field("error", message)
      json.field("exit", Int(status))
      if let line { json.field("line", line) }
    }
  }

  /// Writes the report to `errors` as JSON or as text (the line mode's with `line N: `
  /// before it), and flushes.
  func write(to errors: Output, json: Bool, line: Int? = nil, withUsage: Bool = false) {
    if json {
      errors.json { writeJSON(to: &$0, line: line) }
    } else {
      errors.line(text(withUsage: withUsage, linePrefix: line.map { "line \($0): " } ?? ""))
    }
    errors.flush()
  }
}

extension String {
  /// The text with its first letter capitalised (messages start in sentence case).
  var sentenceCased: String {
    guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return self }
    return first.properties.uppercaseMapping + String(unicodeScalars.dropFirst())
  }
}
