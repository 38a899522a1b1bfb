import Glibc

/// The candidates for Tab in `calpager shell` on a terminal, given the line before the cursor:
/// what the word being typed may be, from the `CompletionModel` of the line mode.
///
/// - The first word (after any global options): the commands and their aliases.
/// - A word starting with `-`: the command's options and the global ones (long and short
///   spellings); `--option=` followed by the option's values.
/// - The word after an option that takes a value: its values (formats, `auto`/`always`/`never`,
///   date words, files).
/// - Otherwise the command's next positional argument: date words, note ids of the selected
///   day, setting keys, a setting's values after `config set KEY`, command names, files.
///
/// Candidates are whole words; `Completion` keeps those that start with the word typed.
struct LineCompletion {
  /// The commands and options of the line mode.
  let model: CompletionModel
  /// The ids of the selected day's notes, asked for only when a note id is wanted.
  let noteIDs: () -> [Int]

  /// Where the words of a line before the cursor leave the word being typed.
  struct Position {
    /// The command, once its word is typed.
    var command: CompletionModel.CommandEntry?
    /// The option whose value the word is, if any.
    var optionAwaitingValue: CompletionModel.OptionEntry?
    /// The positional arguments typed before the word.
    var positionals: [Substring] = []
    /// Whether `--` came before: every later word is an argument.
    var optionsEnded = false
    /// Whether the first word named no command: nothing is offered.
    var unknownCommand = false
  }

  /// The candidates for the word at the end of `line`.
  func candidates(for line: String) -> [String] {
    let word = Completion.word(before: line)
    let before = line[..<word.startIndex].split(whereSeparator: { $0 == " " || $0 == "\t" })
    let position = Self.position(after: before, in: model)
    if position.unknownCommand { return [] }
    if let option = position.optionAwaitingValue {
      return values(option.value ?? .none, word: word, position: position)
    }
    if !position.optionsEnded, word.hasPrefix("-") {
      let options = position.command?.options ?? model.globalOptions
      if let equals = word.firstIndex(of: "="),
        let option = options.first(where: { $0.option.long == word[..<equals] }),
        let slot = option.value
      {
        let prefix = String(word[...equals])
        let typed = word[word.index(after: equals)...]
        return values(slot, word: typed, position: position).map { prefix + $0 }
      }
      return options.flatMap { $0.option.spellings }
    }
    guard let command = position.command else { return model.commandWords }
    let slot = command.positional(at: position.positionals.count)
    return values(slot, word: word, position: position)
  }

  /// Walks the words before the one being typed.
  static func position(after words: [Substring], in model: CompletionModel) -> Position {
    var position = Position()
    for word in words {
      if position.optionAwaitingValue != nil {
        position.optionAwaitingValue = nil
        continue
      }
      if !position.optionsEnded && word == "--" {
        position.optionsEnded = true
        continue
      }
      if !position.optionsEnded && isOption(word) {
        let options = position.command?.options ?? model.globalOptions
        if !word.contains("="), let option = options.first(where: { $0.option.isSpelled(word) }),
          option.value != nil
        {
          position.optionAwaitingValue = option
        }
        continue
      }
      if position.command == nil {
        guard let command = model.command(named: word) else {
          position.unknownCommand = true
          return position
        }
        position.command = command
      } else {
        position.positionals.append(word)
      }
    }
    return position
  }

  /// Whether the parser takes `word` for an option: it starts with `-`, and is neither `-`
  /// alone nor a negative number.
  static func isOption(_ word: Substring) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    return !word.dropFirst().allSatisfy(\.isNumber)
  }

  private func values(_ slot: CompletionSlot, word: Substring, position: Position) -> [String] {
    switch slot {
    case .none: return []
    case .words(let words): return words
    case .dates: return CompletionModel.dateWords
    case .files: return Self.files(matching: word)
    case .noteIDs: return noteIDs().map { String($0) }
    case .settingKeys: return CompletionModel.settingKeys
    case .settingValues:
      guard position.positionals.first == "set", let key = position.positionals.last else {
        return []
      }
      return CompletionModel.settingValues(of: key)
    case .commands: return model.commands.map(\.name)
    }
  }

  /// The paths that complete `word`: the entries of its directory (hidden ones only when the
  /// word's last part starts with `.`), directories with a `/` after them.
  static func files(matching word: Substring) -> [String] {
    let slash = word.lastIndex(of: "/")
    let directoryPart = slash.map { String(word[...$0]) } ?? ""
    let namePart = slash.map { word[word.index(after: $0)...] } ?? word
    guard let directory = opendir(directoryPart.isEmpty ? "." : directoryPart) else { return [] }
    defer { closedir(directory) }
    var result: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      if name.hasPrefix(".") && !namePart.hasPrefix(".") { continue }
      guard name.hasPrefix(namePart) else { continue }
      var status = stat()
      let path = directoryPart + name
      let isDirectory = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      result.append(path + (isDirectory ? "/" : ""))
      if result.count >= 1000 { break }
    }
    return result.sorted()
  }
}
