/// The shells `calpager completions` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
  /// bash 4 and later (`complete -F`).
  case bash
  /// zsh, with `compinit` (`compdef`), or as `_calpager` in `$fpath`.
  case zsh
  /// fish 3 (`complete -c`).
  case fish

  /// The script, generated from `model`.
  func script(for model: CompletionModel = CompletionModel(mode: .commandLine)) -> String {
    let data = CompletionScriptData(model: model)
    switch self {
    case .bash: return BashCompletionScript.script(data)
    case .zsh: return ZshCompletionScript.script(data)
    case .fish: return FishCompletionScript.script(data)
    }
  }
}

/// What the three scripts share, worked out once from the model: the words each slot
/// offers, written as one shell `case` per question the scripts ask.
///
/// Every script walks the words before the cursor the way the parser does (options anywhere
/// before `--`, an option's value after it or after `=`, negative numbers and `-` as
/// arguments), finds the command and the positional arguments, then asks these tables what
/// the word being typed may be. A slot is named by a word the scripts switch on: `dates`,
/// `files`, `keys` (setting keys), `values:KEY` (a setting's values), `commands`, and
/// `words:A B C` for fixed words.
struct CompletionScriptData {
  let model: CompletionModel

  /// Every spelling of an option that takes a value (an option has one arity everywhere).
  var valueOptions: [String] {
    var seen = Set<String>()
    return (model.globalOptions + model.commands.flatMap(\.options))
      .filter { $0.value != nil }.flatMap(\.option.spellings)
      .filter { seen.insert($0).inserted }
  }

  /// The command names, in help's order.
  var commandNames: [String] { model.commands.map(\.name) }

  /// The slot word of `slot`; nil for free text (or note ids, which a script cannot know).
  ///
  /// `.settingValues` reads the key from `$key`.
  static func slotWord(_ slot: CompletionSlot) -> String? {
    switch slot {
    case .none, .noteIDs: return nil
    case .words(let words): return "words:" + words.joined(separator: " ")
    case .dates: return "dates"
    case .files: return "files"
    case .settingKeys: return "keys"
    case .settingValues: return "values:$key"
    case .commands: return "commands"
    }
  }

  /// `case` arms (`pattern) slot=WORD ;;`) that give the slot of an option's value, keyed
  /// `COMMAND OPTION` (any command for a global option).
  func optionSlotArms(indent: String) -> [String] {
    var arms: [String] = []
    for command in model.commands {
      for entry in command.options where !entry.option.isGlobal {
        guard let slot = entry.value, let word = Self.slotWord(slot) else { continue }
        let patterns = entry.option.spellings.map { "\"\(command.name) \($0)\"" }
        arms.append("\(indent)\(patterns.joined(separator: "|"))) slot=\"\(word)\" ;;")
      }
    }
    for entry in model.globalOptions {
      guard let slot = entry.value, let word = Self.slotWord(slot) else { continue }
      let patterns = entry.option.spellings.map { "*\" \($0)\"" }
      arms.append("\(indent)\(patterns.joined(separator: "|"))) slot=\"\(word)\" ;;")
    }
    return arms
  }

  /// `case` arms keyed `COMMAND INDEX` that give the slot of a positional argument; `$first`
  /// holds the first argument and `$key` the one before the word (for `config set KEY`).
  func positionalSlotArms(indent: String) -> [String] {
    var arms: [String] = []
    for command in model.commands {
      for (index, slot) in command.positionals.enumerated() {
        let isLast = index == command.positionals.count - 1
        let pattern =
          isLast && command.repeatsLast ? "\"\(command.name) \"*" : "\"\(command.name) \(index)\""
        // An arm even for free text, so that a later catch-all arm cannot take its place.
        guard let word = Self.slotWord(slot) else {
          arms.append("\(indent)\(pattern)) ;;")
          continue
        }
        if slot == .settingValues {
          arms.append("\(indent)\(pattern)) [ \"$first\" = set ] && slot=\"\(word)\" ;;")
        } else {
          arms.append("\(indent)\(pattern)) slot=\"\(word)\" ;;")
        }
      }
    }
    return arms
  }

  /// `case` arms keyed by setting that give its values (`words=…`).
  func settingValueArms(indent: String) -> [String] {
    CompletionModel.settingKeys.compactMap { key in
      let values = CompletionModel.settingValues(of: key)
      guard !values.isEmpty else { return nil }
      return "\(indent)\(key)) words=\"\(values.joined(separator: " "))\" ;;"
    }
  }

  /// `case` arms keyed by command (`""` before one) that give its options (`words=…`).
  func optionListArms(indent: String) -> [String] {
    var arms = model.commands.map { command in
      let spellings = command.options.flatMap(\.option.spellings)
      return "\(indent)\(command.name)) words=\"\(spellings.joined(separator: " "))\" ;;"
    }
    let globals = model.globalOptions.flatMap(\.option.spellings)
    arms.append("\(indent)*) words=\"\(globals.joined(separator: " "))\" ;;")
    return arms
  }

  /// The shell functions bash and zsh share (both read POSIX `case`): the slot of an option's
  /// value, of a positional argument, and a setting's values; the options of a command; and
  /// what an option is.
  func sharedFunctions() -> String {
    let lookups = [
      Self.lookupFunction(
        "_calpager_option_slot",
        comment: "The slot of the value of option $2 of command $1 (empty: free text).",
        variable: "slot", subject: "$1 $2", arms: optionSlotArms(indent: "    ")),
      Self.lookupFunction(
        "_calpager_positional_slot",
        comment: """
          The slot of positional argument $2 (from 0) of command $1, whose first argument is $3 and
          last is $4.
          """,
        variable: "slot", otherLocals: " first=\"$3\" key=\"$4\"", subject: "$1 $2",
        arms: positionalSlotArms(indent: "    ")),
      Self.lookupFunction(
        "_calpager_setting_values", comment: "The values offered for setting $1.",
        variable: "words", subject: "$1", arms: settingValueArms(indent: "    ")),
      Self.lookupFunction(
        "_calpager_options", comment: "The options of command $1 (the global ones when empty).",
        variable: "words", subject: "$1", arms: optionListArms(indent: "    ")),
    ]
    let predicates = """
      # Whether $1 is an option: it starts with -, and is not - alone or a negative number.
      _calpager_is_option() {
        case "$1" in
          -|-[0-9]*) return 1 ;;
          -*) return 0 ;;
        esac
        return 1
      }

      # Whether option $1 takes a value.
      _calpager_takes_value() {
        case "$1" in
          \(valueOptions.joined(separator: "|"))) return 0 ;;
        esac
        return 1
      }
      """
    return (lookups + [predicates]).joined(separator: "\n\n")
  }

  /// A shell function, after its `comment` (a `#` line for each of its lines), that sets
  /// `variable` by a `case` on `subject` over `arms` and prints it; `otherLocals` declares
  /// more locals.
  private static func lookupFunction(
    _ name: String, comment: String, variable: String, otherLocals: String = "",
    subject: String, arms: [String]
  ) -> String {
    let commentLines = comment.split(separator: "\n").map { "# " + $0 }
    return """
      \(commentLines.joined(separator: "\n"))
      \(name)() {
        local \(variable)=""\(otherLocals)
        case "\(subject)" in
      \(arms.joined(separator: "\n"))
        esac
        printf '%s' "$\(variable)"
      }
      """
  }
}
