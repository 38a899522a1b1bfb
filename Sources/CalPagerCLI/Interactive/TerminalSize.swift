import Glibc

/// A terminal's size in character cells.
package struct TerminalSize: Hashable, Sendable {
  /// The number of columns.
  package var columns: Int
  /// The number of rows.
  package var rows: Int

  /// The size of the terminal on `descriptor` (`TIOCGWINSZ`), or nil when it is not a terminal
  /// or reports no size.
  package static func of(_ descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
