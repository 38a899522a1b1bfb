extension Invocation {
  /// Command-line words that parse back to this invocation: global options first, in the
  /// `--opt=value` form, then the command with its arguments after `--` where they could be
  /// mistaken for options.
  ///
  /// For logs and tests: `CommandParser.parse(invocation.arguments) == invocation`.
  var arguments: [String] {
    var words: [String] = []
    if let path = options.databasePath { words.append("--db=" + path) }
    if options.json { words.append("--json") }
    if let color = options.color { words.append("--color=" + color.rawValue) }
    if let width = options.width { words.append("--width=\(width)") }
    return words + command.arguments
  }
}

extension Command {
  /// The command word and arguments that parse back to this command.
  var arguments: [String] {
    switch self {
    case .next(let count, let withNotes):
      return ["next", String(count)] + (withNotes ? ["--with-notes"] : [])
    case .previous(let count, let withNotes):
      return ["prev", String(count)] + (withNotes ? ["--with-notes"] : [])
    case .goto(let date): return ["goto", "--", date.description]
    case .add(let day, let body):
      return ["add"] + (day.map { ["--day=\($0)"] } ?? []) + body.arguments
    case .edit(let id, let body): return ["edit", String(id)] + body.arguments
    case .remove(let id): return ["rm", String(id)]
    case .move(let id, let date): return ["mv", "--", String(id), date.description]
    case .list(let range): return ["list"] + (range.map { ["--", $0.description] } ?? [])
    case .search(let query): return ["search", "--", query]
    case .export(let options):
      var words = ["export"]
      if let format = options.format { words.append("--format=" + format.rawValue) }
      if let from = options.from { words.append("--from=\(from)") }
      if let to = options.to { words.append("--to=\(to)") }
      if let output = options.output { words.append("--output=" + output) }
      return words
    case .importNotes(let options):
      var words = ["import"]
      if let format = options.format { words.append("--format=" + format.rawValue) }
      if options.dryRun { words.append("--dry-run") }
      switch options.source {
      case .standardInput: words.append("-")
      case .file(let path): words += ["--", path]
      }
      return words
    case .config(.list): return ["config", "list"]
    case .config(.get(let key)): return ["config", "--", "get", key]
    case .config(.set(let key, let value)): return ["config", "--", "set", key, value]
    case .config(.unset(let key)): return ["config", "--", "unset", key]
    case .backup(let path): return ["backup", "--", path]
    case .help(let topic): return ["help"] + (topic.map { [$0.rawValue] } ?? [])
    case .version: return ["--version"]
    case .show, .today, .undo, .check, .shell, .quit, .begin, .commit, .rollback:
      return [name?.rawValue ?? ""]
    }
  }
}

extension NoteBody {
  /// The words after `add` or `edit ID` that give this body.
  var arguments: [String] {
    switch self {
    case .text(let text): return ["--", text]
    case .standardInput: return ["-"]
    case .editor: return []
    }
  }
}
