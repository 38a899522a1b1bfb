import CalendarPaging
import DisplayText

/// An option, declared once: its spelling, what help and completion show of it, and how its
/// value (or, for a flag, whether it was given) is read.
///
/// A command keeps its keys as static properties, lists their `declaration`s in its spec, and
/// reads each with `ParsedArguments.read(_:)`. swift-argument-parser's `@Option` and `@Flag`,
/// written out by hand. Another command taking the same option refers to the key (`--by`), or
/// makes its own from it with `with(help:)` (`--dry-run`), so the spelling is written once.
public struct OptionKey<Value>: Sendable {
  /// What help, usage and completion show.
  public let declaration: CommandSpec.OptionHelp
  private let reader:
    @Sendable (ParsedArguments, ParsedArguments.Given?) throws(UsageError) -> Value

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - option: The spelling, and whether it takes a value.
  ///   - help: What it does.
  ///   - kind: What its value holds, for completion.
  ///   - read: Reads the value from what was given (nil when the option was not).
  public init(
    _ option: Option, help: String, kind: ArgumentKind = .text,
    read:
      @escaping @Sendable (ParsedArguments, ParsedArguments.Given?) throws(UsageError) -> Value
  ) {
    declaration = CommandSpec.OptionHelp(option, help: help, kind: kind)
    reader = read
  }

  /// The option.
  public var option: Option { declaration.option }

  /// The same option, read the same way, with another command's help.
  public func with(help: String) -> OptionKey {
    OptionKey(option, help: help, kind: declaration.kind, read: reader)
  }

  /// Reads the value from `arguments`.
  func read(_ arguments: ParsedArguments) throws(UsageError) -> Value {
    try reader(arguments, arguments.values[option])
  }
}

extension ParsedArguments {
  /// The value of the option `key` declares.
  public func read<Value>(_ key: OptionKey<Value>) throws(UsageError) -> Value {
    try key.read(self)
  }

  /// Whether the option `key` declares was given.
  public func contains<Value>(_ key: OptionKey<Value>) -> Bool {
    values[key.option] != nil
  }

  /// The DATE values of `from` and `to` (`--from`, `--to`), each nil when not given.
  ///
  /// - Throws: `UsageError` for a value that is not a DATE, or when both name fixed days and
  ///   `from` is after `to`.
  public func dateBounds(
    _ from: OptionKey<DateExpression?>, _ to: OptionKey<DateExpression?>
  ) throws(UsageError) -> (from: DateExpression?, to: DateExpression?) {
    let first = try read(from)
    let last = try read(to)
    if let first, let last, first.isAbsolute, last.isAbsolute {
      do {
        // Any days will do: fixed days ignore them.
        _ = try DateExpression.days(from: first, to: last, today: .first, selected: .first)
      } catch {
        throw failure(error.description)
      }
    }
    return (first, last)
  }
}

// The readers of the option values every command language has.
extension OptionKey where Value == Bool {
  /// A flag: whether it was given.
  public static func flag(_ long: String, help: String) -> OptionKey {
    OptionKey(Option(long: long), help: help) { _, given in given != nil }
  }
}

extension OptionKey where Value == DateExpression? {
  /// A DATE value, nil when not given.
  public static func date(_ long: String, help: String) -> OptionKey {
    OptionKey(Option(long: long, valueName: "date"), help: help, kind: .date) {
      (arguments, given) throws(UsageError) in
      guard let given else { return nil }
      return try arguments.date(given.value)
    }
  }
}

extension OptionKey where Value == CalendarUnit? {
  /// A unit, `day`, `week` or `month`; nil when not given.
  public static func unit(_ long: String, help: String) -> OptionKey {
    let names = CalendarUnit.allCases.map(\.rawValue)
    return OptionKey(Option(long: long, valueName: "unit"), help: help, kind: .choice(names)) {
      (arguments, given) throws(UsageError) in
      guard let given else { return nil }
      do throws(PeriodError) {
        return try CalendarUnit(parsing: given.value)
      } catch {
        throw arguments.failure(
          error.description + Suggestion.phrase(for: given.value, among: names))
      }
    }
  }
}

extension OptionKey where Value == Int? {
  /// A whole number from 1 to `limit`, nil when not given; a message calls it a valid `what`
  /// (`limit`).
  public static func number(
    _ long: String, valueName: String, help: String, limit: Int, what: String
  ) -> OptionKey {
    OptionKey(Option(long: long, valueName: valueName), help: help) {
      (arguments, given) throws(UsageError) in
      guard let given else { return nil }
      guard let number = ParsedArguments.positiveNumber(given.value, limit: limit) else {
        throw arguments.failure(
          "\(Quote.quoted(given.value)) is not a valid \(what): expected a whole number from 1 "
            + "to \(limit)")
      }
      return number
    }
  }
}

extension OptionKey where Value == String? {
  /// A file name, not empty; nil when not given.
  public static func file(_ long: String, short: String? = nil, help: String) -> OptionKey {
    OptionKey(Option(long: long, short: short, valueName: "file"), help: help, kind: .file) {
      (arguments, given) throws(UsageError) in
      guard let given else { return nil }
      guard !given.value.isEmpty else {
        throw arguments.failure("the file name given to '\(given.spelling)' is empty")
      }
      return try arguments.expandingHome(given.value, given.isHomeRelative)
    }
  }
}
