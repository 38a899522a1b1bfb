/// What `shell` returns: the exit status of the whole session (1 if any line failed).
struct ShellResult: CommandResult {
  /// The session's exit status.
  let status: Int32

  var exitStatus: Int32 { status }

  func render(to output: Output, style: Style) {}
}

/// What `quit` returns: nothing to show, and the end of the line mode.
struct QuitResult: CommandResult {
  var endsSession: Bool { true }

  func render(to output: Output, style: Style) {}
}
