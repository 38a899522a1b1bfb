import Interchange

/// What a command returns: a value that renders itself as text or as one JSON object.
///
/// Running a command and showing its result are apart: a command builds its result from the
/// database, and the result's `render(to:style:)` is the one place that decides how it looks.
protocol CommandResult {
  /// Writes the result to `output`: text, or one JSON object and a newline when `style.json`.
  func render(to output: Output, style: Style)

  /// A failure to report after the result is shown (`check` shows its findings, then fails).
  var failure: CLIError? { get }

  /// The exit status when there is no failure.
  var exitStatus: Int32 { get }

  /// Whether the line mode ends after this result (`quit`).
  var endsSession: Bool { get }

  /// What the line mode must do to its transaction (`begin`, `commit`, `rollback`); nil for
  /// every other command. (A requirement, not a cast: the line mode asks on every line.)
  var transactionAnswer: TransactionResult? { get }
}

extension CommandResult {
  var failure: CLIError? { nil }
  var exitStatus: Int32 { 0 }
  var endsSession: Bool { false }
  var transactionAnswer: TransactionResult? { nil }
}

/// A result shown as text, or with `--json` as one JSON object of the members
/// `writeJSON(to:)` writes: what most commands return.
protocol TextOrJSONResult: CommandResult {
  /// Writes the result's members into its JSON object.
  func writeJSON(to json: inout JSONWriter)

  /// Writes the result as text.
  func renderText(to output: Output, style: Style)
}

extension TextOrJSONResult {
  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { writeJSON(to: &$0) }
    } else {
      renderText(to: output, style: style)
    }
  }
}

/// The result of a command that shows nothing (an export to standard output has written the
/// notes already).
struct NoResult: CommandResult {
  func render(to output: Output, style: Style) {}
}

/// Help, the version, a completion script or the man page: the text, or with `--json` one
/// object holding it under `key` (`{"help":"…"}`, `{"version":"0.1.0"}`), so that a line of
/// `shell --json` gets one object like any other.
struct TextResult: CommandResult {
  /// The text, without a final newline.
  let text: String
  /// The member that holds the text in JSON.
  let key: String
  /// What the JSON form holds, when it is not `text` (the version without `calpager `).
  var jsonText: String?

  /// The help text `text`.
  static func help(_ text: String) -> TextResult {
    TextResult(text: text, key: "help")
  }

  /// The version.
  static let version = TextResult(
    text: "calpager \(CalPager.version)", key: "version", jsonText: CalPager.version)

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject { $0.field(key, jsonText ?? text) }
    } else {
      output.line(text)
    }
  }
}

/// A one-line message for people, or a JSON object for scripts.
struct MessageResult: CommandResult {
  /// The text form.
  let message: String
  /// Writes the JSON form's members.
  let json: (inout JSONWriter) -> Void

  func render(to output: Output, style: Style) {
    if style.json {
      output.jsonObject(json)
    } else {
      output.line(message)
    }
  }
}
