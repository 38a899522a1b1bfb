#if canImport(Glibc)
  import Glibc
#endif

/// What calpager knows about where its output goes.
struct Terminal: Sendable, Equatable {
  /// Whether standard output is a terminal.
  var isTerminal: Bool
  /// The number of columns to lay lines out in.
  var width: Int
  /// Whether to use ANSI colour.
  var usesColor: Bool

  /// Whether `descriptor` is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The terminal's width in columns, or nil when `descriptor` is not a terminal.
  static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The width to use: `--width`, else the terminal's, else `$COLUMNS`, else 80.
  static func width(option: Int?, environment: [String: String], descriptor: Int32 = 1) -> Int {
    if let option { return option }
    if let columns = columns(of: descriptor) { return columns }
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return columns
    }
    return 80
  }
}
