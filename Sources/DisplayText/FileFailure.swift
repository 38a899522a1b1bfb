/// The one wording of an operation on a file that failed, which the errors of every module
/// share: `cannot write 'PATH': REASON`.
public enum FileFailure {
  /// `cannot OPERATION 'PATH': REASON`, such as `cannot write '/tmp/a.ics': Permission
  /// denied`.
  ///
  /// The path is whole (a path cut short names no file) and not escaped here: the error report
  /// escapes control characters in the whole line.
  public static func message(_ operation: String, _ path: String, _ reason: String) -> String {
    "cannot \(operation) '\(path)': \(reason)"
  }
}
