import Glibc

/// A program run from calpager (the editor, the sync command), waited for.
enum ChildProcess {
  /// Where the child's standard input and output go.
  enum Streams {
    /// calpager's own (the editor needs the terminal).
    case inherited
    /// Standard input from /dev/null and standard output to calpager's standard error: a
    /// command that must not read the user's input nor mix its output into calpager's.
    case quiet
  }

  /// Runs `arguments` (the first is the program's path) and returns its exit status, or 128 +
  /// the signal that ended it; a `SpawnError` when it could not be started.
  static func run(_ arguments: [String], streams: Streams) -> Result<Int32, SpawnError> {
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if case .quiet = streams {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &cArguments, environ)
    guard spawned == 0 else { return .failure(SpawnError(code: spawned)) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS by hand: the macros do not import.
    return .success((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
  }

  /// Why a program could not be started: `posix_spawn`'s error code.
  struct SpawnError: Error {
    let code: Int32
  }
}
