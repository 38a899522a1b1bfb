import CommandLanguage
import Interchange
import NoteModel

/// How a command's output looks: JSON or text, with or without colour, and how wide.
struct Style: Sendable, Equatable {
  /// One JSON object per command instead of text.
  var json: Bool
  /// ANSI colour in text output.
  var color: Bool
  /// The columns text is laid out in.
  var width: Int

  /// The style for `options`: colour with `--color always`, or on a terminal with
  /// `--color auto` (the default) unless `NO_COLOR` is set or `TERM` is `dumb`; width from
  /// `--width`, else the terminal's, else `$COLUMNS`, else 80.
  ///
  /// An explicit `--color always` wins over `NO_COLOR`, as no-color.org asks: the variable
  /// sets the default, a flag on the command line is the user's wish for this run.
  static func resolve(
    _ options: GlobalOptions, environment: [String: String], outputIsTerminal: Bool,
    terminalWidth: Int?
  ) -> Style {
    resolve(
      options, environment: StyleEnvironment(environment), outputIsTerminal: outputIsTerminal,
      terminalWidth: terminalWidth)
  }

  /// `resolve` with the environment's say read already (a session reads it once).
  static func resolve(
    _ options: GlobalOptions, environment: StyleEnvironment, outputIsTerminal: Bool,
    terminalWidth: Int?
  ) -> Style {
    let color: Bool
    switch options.color ?? .auto {
    case .always: color = true
    case .never: color = false
    case .auto: color = outputIsTerminal && !environment.noColor && !environment.dumbTerminal
    }
    return Style(
      json: options.json, color: color,
      width: options.width ?? terminalWidth ?? environment.columns ?? 80)
  }
}

/// What the environment says about output style: `NO_COLOR`, `TERM=dumb`, `$COLUMNS`.
struct StyleEnvironment: Sendable {
  /// `NO_COLOR` is set and not empty.
  let noColor: Bool
  /// `TERM` is `dumb`.
  let dumbTerminal: Bool
  /// `$COLUMNS`, when it is a width `--width` would accept (1 to 10000); otherwise it is
  /// ignored, as a shell's stale or odd value should not stop a command.
  let columns: Int?

  init(_ environment: [String: String]) {
    noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    dumbTerminal = environment["TERM"] == "dumb"
    columns = environment["COLUMNS"].flatMap {
      ParsedArguments.positiveNumber($0, limit: GlobalOptions.maximumWidth)
    }
  }
}

/// ANSI SGR sequences, used only when `Style.color` is on.
enum SGR {
  static let reset = "\u{1B}[0m"
  static let bold = "\u{1B}[1m"
  static let dim = "\u{1B}[2m"
  static let underline = "\u{1B}[4m"
  static let blue = "\u{1B}[34m"
  static let yellow = "\u{1B}[33m"
}

extension Style {
  /// `text` wrapped in `codes` and a reset when colour is on; `text` itself otherwise.
  func paint(_ text: String, _ codes: String...) -> String {
    guard color, !codes.isEmpty, !text.isEmpty else { return text }
    return codes.joined() + text + SGR.reset
  }
}

extension JSONWriter {
  /// Writes the member `name`: an array of `notes`, each with its local id (the `--json` form
  /// of a command's notes).
  mutating func notes(_ name: String, _ notes: [Note]) {
    key(name)
    array { json in
      for note in notes { json.note(note, includeID: true) }
    }
  }
}
