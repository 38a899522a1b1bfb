/// A fast path for some components, behind `ICalendarParser`'s general one.
///
/// It sees a component's lines as they are read, before any tree is built, and when it can
/// take the whole component it gives its own result in place of the tree. When it declines
/// (at any line, or at the `END:` line), the lines it saw are built into the tree, the general
/// way, and reading goes on as if it had never been there.
///
/// A shortcut must never change a result: whatever it takes, the consumer would have made the
/// same of the tree. Each one has a differential test that reads inputs with and without it.
protocol ICalendarShortcut {
  /// What the shortcut gives for a component it takes.
  associatedtype Result

  /// Starts on the `BEGIN:` line `lines` holds of a component directly inside a calendar;
  /// false when the shortcut does not try that component (it is then built).
  mutating func begin(_ name: String, _ lines: ICalendarLineReader) -> Bool

  /// Takes the next line of the component (`parsed` is nil for a blank line).
  mutating func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine?)
    -> ICalendarShortcutStep<Result>

  /// The bytes of the lines seen since `begin`, as read: what the tree is built from when the
  /// shortcut declines.
  var raw: [UInt8] { get }
  /// The line of the component's `BEGIN:`.
  var line: Int { get }
  /// The innermost component still open inside the one being taken, if the shortcut follows
  /// nested ones: what an input that ends there names (nil: the component itself).
  var innermost: (name: String, line: Int)? { get }
}

extension ICalendarShortcut {
  /// No component nested in the one being taken is followed.
  var innermost: (name: String, line: Int)? { nil }
}

/// What a shortcut does with a line.
enum ICalendarShortcutStep<Result> {
  /// Not done yet: more lines.
  case more
  /// The component is whole and taken.
  case taken(Result)
  /// The shortcut cannot take the component: build it.
  case declined
}

/// No shortcut: every component is built.
struct NoShortcut: ICalendarShortcut {
  func begin(_ name: String, _ lines: ICalendarLineReader) -> Bool { false }

  func add(_ lines: ICalendarLineReader, _ parsed: ICalendarContentLine?)
    -> ICalendarShortcutStep<Never>
  {
    preconditionFailure("NoShortcut begins no component")
  }

  var raw: [UInt8] { [] }
  var line: Int { 0 }
}
