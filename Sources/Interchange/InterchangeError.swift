/// Why notes could not be read, or why a format was refused.
public enum InterchangeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A record is malformed; `line` is the 1-based line where the record starts (or, between
  /// records, the line of the offending input).
  case malformed(line: Int, ImportProblem)
  /// The format can be written but not read back (`md`).
  case exportOnly(Format)
  /// The format can be read but not written (`jrnl`).
  case importOnly(Format)
  /// The text names no format.
  case unknownFormat(String)

  /// The line the error points at, when it points at one.
  public var line: Int? {
    if case .malformed(let line, _) = self { return line }
    return nil
  }

  /// One line saying what was wrong, such as `line 17: 'day' is not a date: '2024-02-30', …`.
  public var description: String {
    switch self {
    case .malformed(let line, let problem):
      return "line \(line): \(problem)"
    case .exportOnly(let format):
      return "'\(format)' can be exported but not imported: import reads "
        + Format.list(Format.importable)
    case .importOnly(let format):
      return "'\(format)' can be imported but not exported: export writes "
        + Format.list(Format.exportable)
    case .unknownFormat(let name):
      return "'\(Quote.text(name))' is not a format: expected " + Format.list(Format.allCases)
    }
  }
}
