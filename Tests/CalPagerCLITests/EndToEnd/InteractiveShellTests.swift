import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// The line mode as a person sees it: `calpager shell` in a real terminal (tmux), commands
/// typed, the screen read back.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"))
struct InteractiveShellTests {
  let calpager = Calpager()
  let session = "calpager-\(UUID().uuidString.prefix(8))"

  func tmux(_ arguments: [String]) throws -> ProcessResult {
    try runProcess("/usr/bin/tmux", ["-L", session] + arguments)
  }

  /// Types `keys` and waits until the screen shows `expected` (or two seconds pass).
  func type(_ keys: [String], until expected: String) throws -> String {
    _ = try tmux(["send-keys", "-t", session] + keys)
    var screen = ""
    for _ in 0..<40 {
      screen = try tmux(["capture-pane", "-t", session, "-p"]).stdout
      if screen.contains(expected) { break }
      usleep(50_000)
    }
    return screen
  }

  /// Runs `arguments` with no pipes and waits for it with `waitpid`.
  func spawnAndWait(_ arguments: [String]) throws {
    var pid: pid_t = 0
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    guard posix_spawn(&pid, arguments[0], nil, nil, &cArguments, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  @Test func typingCommandsShowsPromptsPagesAndErrors() throws {
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at 10:00"])
    let editor = calpager.directory.file("editor.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'Written in the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    let command = [
      "env", "TZ=UTC", "CALPAGER_TODAY=\(Calpager.today)", "EDITOR=\(editor)", "NO_COLOR=1",
      Products.path("calpager"), "--db", calpager.database, "shell",
    ].map { "'\($0)'" }.joined(separator: " ")
    // The tmux server outlives the client that starts it; Foundation's Process was seen to
    // wait forever on such a client, so it is spawned and reaped by hand.
    try spawnAndWait([
      "/usr/bin/tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "100", "-y",
      "30", command,
    ])
    defer { _ = try? tmux(["kill-server"]) }

    var screen = try type([], until: ">")
    // (tmux drops the prompt's trailing space.)
    #expect(screen.contains("2030-06-15>"), "the prompt shows the selected day:\n\(screen)")
    screen = try type(["goto 2024-05-01", "Enter"], until: "2024-05-01>")
    #expect(screen.contains("Wednesday 1 May 2024 · 1 note"))
    #expect(screen.contains("  #1  Dentist at 10:00"))
    #expect(screen.contains("Wed 1  •"))
    #expect(screen.contains("━━━━━━━━"))
    screen = try type(["next", "Enter"], until: "2024-05-02>")
    #expect(screen.contains("Thursday 2 May 2024 · no notes"))
    screen = try type(["add", "Enter"], until: "Added #2")
    #expect(screen.contains("Added #2 to Thursday 2 May 2024"))
    screen = try type(["nxt", "Enter"], until: "did you mean")
    #expect(screen.contains("Error: Unknown command 'nxt'; did you mean 'next'?"))
    _ = try tmux(["send-keys", "-t", session, "quit", "Enter"])
    for _ in 0..<40 where try tmux(["has-session", "-t", session]).status == 0 {
      usleep(50_000)
    }
    #expect(try tmux(["has-session", "-t", session]).status != 0, "quit ends the session")
    #expect(try calpager.store().selectedDay() == Day("2024-05-02"))
    #expect(try calpager.store().note(id: 2)?.body == "Written in the editor")
  }
}
