/// The values of a command's own options as given, checked when the command is built.
struct CommandOptionValues: Sendable {
  /// An option's value with the spelling it was given under (`-o` or `--output`), for messages.
  struct Given: Sendable {
    /// The value.
    var value: String
    /// The option as typed, without any `=value`.
    var spelling: String
  }

  /// `--with-notes` was given.
  var withNotes = false
  /// `--dry-run` was given.
  var dryRun = false
  /// `--day`'s value.
  var day: Given?
  /// `--format`'s value.
  var format: Given?
  /// `--from`'s value.
  var from: Given?
  /// `--to`'s value.
  var to: Given?
  /// `-o`/`--output`'s value.
  var output: Given?

  /// Records a command option; a repeated one keeps its last value.
  mutating func set(_ option: OptionName, _ value: String, spelling: String) {
    let given = Given(value: value, spelling: spelling)
    switch option {
    case .withNotes: withNotes = true
    case .dryRun: dryRun = true
    case .day: day = given
    case .format: format = given
    case .from: from = given
    case .to: to = given
    case .output: output = given
    case .help, .version, .database, .json, .color, .width: break
    }
  }
}
