import Glibc

/// The terminal settings of the full-screen mode.
///
/// As `cfmakeraw(3)`: no line editing (`ICANON`), no echo, no signals from the keyboard
/// (`ISIG`), no flow control (`IXON`), no CR/NL translation either way (`ICRNL`, `OPOST`), eight
/// bit characters, and `read` returns as soon as one byte is there (`VMIN` 1, `VTIME` 0).
///
/// `ISIG` is off on purpose: Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys, in order with the other
/// keys, and the program decides what they do (quit, suspend through `TerminalMode.suspend()`,
/// nothing). No key can then kill the process with the terminal left raw: Ctrl-\ would
/// otherwise dump core in raw mode. Signals sent by other processes (`kill`) are still handled
/// (see `TerminalSignals`).
enum RawMode {
  /// `original` with raw mode's changes.
  static func settings(from original: termios) -> termios {
    var raw = original
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return raw
  }
}
