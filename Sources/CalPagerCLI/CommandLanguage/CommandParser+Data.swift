import Interchange

extension Words {
  func exportOptions() throws(UsageError) -> ExportOptions {
    var options = ExportOptions()
    options.format = try format(importing: false)
    options.from = try values.from.map { (given) throws(UsageError) in try date(given.value) }
    options.to = try values.to.map { (given) throws(UsageError) in try date(given.value) }
    if case .day(let from) = options.from, case .day(let to) = options.to, from > to {
      throw failure(DateExpressionError.fromAfterTo(from: from, to: to).description)
    }
    if let output = values.output {
      guard !output.value.isEmpty else {
        throw failure("the file name given to '\(output.spelling)' is empty")
      }
      options.output = output.value
    }
    return options
  }

  func importOptions() throws(UsageError) -> ImportOptions {
    guard let file = all.first else {
      throw failure("missing argument '<file>': give a file to read, or - for standard input")
    }
    guard !file.isEmpty else { throw failure("the file name is empty") }
    let source: ImportSource = try isStandardInput(at: 0) ? .standardInput : .file(file)
    return ImportOptions(
      source: source, format: try format(importing: true), dryRun: values.dryRun)
  }

  func format(importing: Bool) throws(UsageError) -> Format? {
    guard let given = values.format else { return nil }
    let accepted = Format.allCases.filter { $0.isImportable || !importing }
    let expected = "expected " + CommandParser.list(accepted.map(\.rawValue), or: true)
    guard let format = Format(rawValue: given.value) else {
      throw failure(
        "\(UsageError.quoted(given.value)) is not a format: \(expected)"
          + CommandParser.suggestion(for: given.value, among: accepted.map(\.rawValue)))
    }
    guard accepted.contains(format) else {
      throw failure("'\(format.rawValue)' cannot be imported: \(expected)")
    }
    return format
  }

  func configAction() throws(UsageError) -> ConfigAction {
    let actions = ["list", "get", "set", "unset"]
    guard let action = all.first else {
      throw failure(
        "missing config action: expected list, get <key>, set <key> <value> or unset <key>")
    }
    func word(_ index: Int, _ label: String) throws(UsageError) -> String {
      guard index < all.count else { throw failure("missing argument '<\(label)>'") }
      return all[index]
    }
    switch action {
    case "list":
      try expectAtMost(1)
      return .list
    case "get":
      try expectAtMost(2)
      return .get(key: try word(1, "key"))
    case "set":
      try expectAtMost(3)
      return .set(key: try word(1, "key"), value: try word(2, "value"))
    case "unset":
      try expectAtMost(2)
      return .unset(key: try word(1, "key"))
    default:
      let suggestion = CommandParser.suggestion(for: action, among: actions)
      throw failure(
        "unknown config action \(UsageError.quoted(action))"
          + (suggestion.isEmpty ? ": expected list, get, set or unset" : suggestion))
    }
  }

  func backupPath() throws(UsageError) -> String {
    guard let file = all.first else {
      throw failure("missing argument '<file>': give the file to write the copy to")
    }
    guard !file.isEmpty else { throw failure("the file name is empty") }
    guard file != "-" || literalFrom == 0 else {
      throw failure("'-' is not a file: a backup is a database file, not a stream")
    }
    return file
  }

  func helpTopic() throws(UsageError) -> CommandName? {
    guard let word = all.first else { return nil }
    guard let topic = CommandName(word: word) else {
      let names = CommandName.allCases.map(\.rawValue)
      throw failure(
        "unknown command \(UsageError.quoted(word))"
          + CommandParser.suggestion(for: word, among: names))
    }
    if topic == .config, all.count == 2, ["list", "get", "set", "unset"].contains(all[1]) {
      return topic
    }
    try expectAtMost(1)
    return topic
  }
}

extension CommandParser {
  /// The value of `word` when it is a whole number from 1 to `limit`, written as decimal
  /// digits with an optional leading `+`; nil otherwise.
  static func positiveNumber(_ word: some StringProtocol, limit: Int) -> Int? {
    var digits = Substring(word)
    if digits.hasPrefix("+") { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.count <= 18 else { return nil }
    var value = 0
    for byte in digits.utf8 {
      let digit = Int(byte) &- 48
      guard digit >= 0 && digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value >= 1 && value <= limit ? value : nil
  }

  /// `a, b or c` (or `and`).
  static func list(_ items: [String], or: Bool) -> String {
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
  }
}
