/// A base directory of the XDG Base Directory Specification, the one rule calpager's own
/// configuration, jrnl's configuration and the line editor's history are found by.
enum XDGDirectory {
  /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
  case config
  /// `$XDG_STATE_HOME`, else `$HOME/.local/state`.
  case state

  /// The variable that names the directory.
  private var variable: String {
    switch self {
    case .config: return "XDG_CONFIG_HOME"
    case .state: return "XDG_STATE_HOME"
    }
  }

  /// Where the directory is under `$HOME` when its variable does not name it.
  private var homeDefault: String {
    switch self {
    case .config: return "/.config"
    case .state: return "/.local/state"
    }
  }

  /// The path of `file` (such as `/calpager/config`) in the directory; nil when neither the
  /// variable nor `$HOME` is an absolute path (the XDG rule: a relative path is ignored).
  func path(of file: String, environment: [String: String]) -> String? {
    if let base = environment[variable], base.hasPrefix("/") {
      return base + file
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + homeDefault + file
    }
    return nil
  }
}
