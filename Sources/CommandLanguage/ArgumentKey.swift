/// A positional argument, declared once: what help, usage and completion show of it, and how
/// its word (or, for a label ending in `...`, every word from it on) is read into a value.
///
/// A command keeps its keys as static properties, lists their `declaration`s in its spec, and
/// reads each with `ParsedArguments.read(_:)`, which finds the key's place in the spec; the
/// reader names the argument by its label in every message. swift-argument-parser's
/// `@Argument`, written out by hand:
///
///     static let id = ArgumentKey.noteID()
///     static let spec = CommandSpec(name: "rm", …, arguments: [id.declaration])
///     init(_ arguments: ParsedArguments) throws(UsageError) {
///       id = try arguments.read(Self.id)
///       try arguments.expectNoMoreWords()
///     }
public struct ArgumentKey<Value>: Sendable {
  /// What help, usage and completion show.
  public let declaration: CommandSpec.Argument
  private let reader: @Sendable (ParsedArguments, ArgumentSlot) throws(UsageError) -> Value

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - label: The label, such as `<date>` or `<text> ...`.
  ///   - help: What the argument is.
  ///   - kind: What it holds, for completion.
  ///   - isOptional: Whether the command runs without it.
  ///   - read: Reads the value from the arguments, at the slot the spec gives the key.
  public init(
    label: String, help: String, kind: ArgumentKind = .text, isOptional: Bool = false,
    read: @escaping @Sendable (ParsedArguments, ArgumentSlot) throws(UsageError) -> Value
  ) {
    declaration = CommandSpec.Argument(
      label: label, help: help, kind: kind, isOptional: isOptional)
    reader = read
  }

  /// Reads the value at `slot` of `arguments`.
  func read(_ arguments: ParsedArguments, at slot: ArgumentSlot) throws(UsageError) -> Value {
    try reader(arguments, slot)
  }
}

/// Where an argument's words are: the index of its first word and its label, for messages.
public struct ArgumentSlot: Sendable {
  /// The index in `ParsedArguments.words` of the argument's (first) word.
  public let index: Int
  /// The argument's label, such as `<date>`.
  public let label: String
}

extension ParsedArguments {
  /// The value of the argument `key` declares, read from its place in the spec.
  ///
  /// - Precondition: The spec lists `key`'s declaration (a command reads only what it
  ///   declares).
  public func read<Value>(_ key: ArgumentKey<Value>) throws(UsageError) -> Value {
    try read(key, after: 0)
  }

  /// The value of `key` when `count` words come before the declared arguments (`config`'s
  /// action word).
  public func read<Value>(_ key: ArgumentKey<Value>, after count: Int) throws(UsageError)
    -> Value
  {
    let label = key.declaration.label
    guard let index = spec.arguments.firstIndex(where: { $0.label == label }) else {
      preconditionFailure("'\(spec.name)' does not declare the argument '\(label)'")
    }
    return try key.read(self, at: ArgumentSlot(index: count + index, label: label))
  }

  /// Throws when more words were given than the declared arguments take (none is too many
  /// for a last argument that takes every word left).
  public func expectNoMoreWords() throws(UsageError) {
    let declared = spec.arguments
    if declared.last?.repeats == true { return }
    try expectAtMost(declared.count)
  }
}

// The readers of the arguments every command language has: each reads the word at its slot,
// names the argument by its label when it is missing and says what is accepted when it is
// malformed.
extension ArgumentKey where Value == Int {
  /// `<id>`: a note's id, `12` or `#12`.
  public static func noteID() -> ArgumentKey {
    ArgumentKey(label: "<id>", help: "The note's id, such as 12 or #12.", kind: .noteID) {
      (arguments, slot) throws(UsageError) in try arguments.id(at: slot)
    }
  }

  /// `[<n>]`: how many days, weeks or months to move (`next [N]`), 1 when absent; a negative
  /// count is refused suggesting `opposite`, the command going the other way (asked for only
  /// when a count is read: the two commands' keys may refer to each other).
  public static func count(
    label: String, help: String, opposite: @escaping @Sendable () -> String
  ) -> ArgumentKey {
    ArgumentKey(label: label, help: help, isOptional: true) {
      (arguments, slot) throws(UsageError) in
      try arguments.count(at: slot, opposite: opposite())
    }
  }
}

extension ArgumentKey where Value == DateExpression {
  /// A DATE.
  public static func date(label: String, help: String) -> ArgumentKey {
    ArgumentKey(label: label, help: help, kind: .date) { (arguments, slot) throws(UsageError) in
      try arguments.date(at: slot)
    }
  }
}

extension ArgumentKey where Value == RangeExpression? {
  /// An optional RANGE: nil when absent.
  public static func range(label: String, help: String) -> ArgumentKey {
    ArgumentKey(label: label, help: help, kind: .range, isOptional: true) {
      (arguments, slot) throws(UsageError) in
      slot.index < arguments.words.count ? try arguments.range(arguments.words[slot.index]) : nil
    }
  }
}

extension ArgumentKey where Value == NoteBody {
  /// `[<text> ...]`: a note's text, from the words left: joined by one space, `-` for standard
  /// input, no words for the editor.
  public static func body(help: String) -> ArgumentKey {
    ArgumentKey(label: "<text> ...", help: help, isOptional: true) {
      (arguments, slot) throws(UsageError) in try arguments.body(from: slot.index)
    }
  }
}

extension ArgumentKey where Value == String {
  /// A file name, not empty; `expected` says what to give when it is missing.
  public static func file(label: String, help: String, expected: String) -> ArgumentKey {
    ArgumentKey(label: label, help: help, kind: .file) { (arguments, slot) throws(UsageError) in
      try arguments.file(at: slot, expected: expected)
    }
  }
}

extension ArgumentKey where Value == String? {
  /// An optional file name, not empty when given, nil when absent; `expected` says what to
  /// give when it is empty.
  public static func optionalFile(label: String, help: String, expected: String)
    -> ArgumentKey
  {
    ArgumentKey(label: label, help: help, kind: .file, isOptional: true) {
      (arguments, slot) throws(UsageError) in
      slot.index < arguments.words.count
        ? try arguments.file(at: slot, expected: expected) : nil
    }
  }
}

extension ArgumentKey where Value == [String] {
  /// `<query> ...`: the words to search for, as given; not all blank.
  public static func query(help: String) -> ArgumentKey {
    ArgumentKey(label: "<query> ...", help: help) { (arguments, slot) throws(UsageError) in
      try arguments.query(at: slot)
    }
  }
}
