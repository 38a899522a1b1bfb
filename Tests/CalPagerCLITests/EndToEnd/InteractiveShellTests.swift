import CalendarPaging
import Foundation
import NoteStore
import TestSupport
import Testing

/// The line mode as a person sees it: `calpager shell` in a real terminal (tmux), commands
/// typed, the screen read back.
@Suite(.requires(.tmux))
struct InteractiveShellTests {
  let calpager = Calpager()

  @Test func typingCommandsShowsPromptsPagesAndErrors() throws {
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at 10:00"])
    let editor = calpager.directory.file("editor.sh")
    try writeFile(editor, "#!/bin/sh\nprintf 'Written in the editor\\n' > \"$1\"\n")
    chmod(editor, 0o755)
    let tmux = try Tmux(
      columns: 100, rows: 30,
      environment: [
        "TZ": "UTC", "CALPAGER_TODAY": Calpager.today, "EDITOR": editor, "NO_COLOR": "1",
        "XDG_STATE_HOME": calpager.directory.file("state"),
      ])
    try tmux.type(
      "clear; "
        + [Products.path("calpager"), "--db", calpager.database, "shell"].map(Tmux.quoted)
        .joined(separator: " ") + "; echo exit=$?")

    // (tmux drops the prompt's trailing space.)
    var screen = try tmux.waitFor("2030-06-15>")
    #expect(screen.contains("2030-06-15>"), "the prompt shows the selected day:\n\(screen)")
    try tmux.type("goto 2024-05-01")
    screen = try tmux.waitFor("2024-05-01>")
    #expect(screen.contains("Wednesday 1 May 2024 · 1 note"))
    #expect(screen.contains("  #1  Dentist at 10:00"))
    #expect(screen.contains("Wed 1  •"))
    #expect(screen.contains("━━━━━━━━"))
    try tmux.type("next")
    screen = try tmux.waitFor("2024-05-02>")
    #expect(screen.contains("Thursday 2 May 2024 · no notes"))
    try tmux.type("add")
    screen = try tmux.waitFor("Added #2")
    #expect(screen.contains("Added #2 to Thursday 2 May 2024"))
    try tmux.type("nxt")
    screen = try tmux.waitFor("did you mean")
    #expect(screen.contains("Error: Unknown command 'nxt'; did you mean 'next'?"))
    try tmux.type("quit")
    // quit ends the session; a line failed, so its status is 1.
    try tmux.waitFor("exit=1")
    #expect(try calpager.store().selectedDay() == Day("2024-05-02"))
    #expect(try calpager.store().note(id: 2)?.body == "Written in the editor")
  }

  /// With standard input not a terminal nothing of the line editor applies: the output is the
  /// same whether standard output is a terminal (a pty from `script`), a pipe or a file.
  @Test(
    .requires(.script),
    arguments: [["--json"], ["--width", "80"]])
  func aScriptsOutputIsTheSameOnATerminal(options: [String]) throws {
    try calpager.run(["add", "--day", "2024-05-01", "Dentist at 10:00"])
    let input = calpager.directory.file("script.txt")
    try writeFile(
      input,
      "goto 2024-05-01\nnext\nconfig set menu-spacing 2\nnxt\nprev\nlist 2024-05\nsearch dentist\n")
    let command =
      ["env", "TZ=UTC", "CALPAGER_TODAY=\(Calpager.today)", "NO_COLOR=1"]
      + [Products.path("calpager"), "--db", calpager.database] + options + ["shell"]
    let quoted = command.map(Tmux.quoted).joined(separator: " ")
    let database = try Data(contentsOf: URL(fileURLWithPath: calpager.database))
    func reset() throws {
      try database.write(to: URL(fileURLWithPath: calpager.database))
    }
    // stdout a pipe, stdin a file.
    let piped = try runProcess("/bin/sh", ["-c", "\(quoted) < \(Tmux.quoted(input)) 2>/dev/null"])
    try reset()
    // stdin a pipe.
    let fromPipe = try runProcess(
      "/bin/sh", ["-c", "cat \(Tmux.quoted(input)) | \(quoted) 2>/dev/null"])
    try reset()
    // stdout a terminal: `script` runs the command on a pty and copies what it wrote.
    let onTerminal = try runProcess(
      try Peer.script.path(),
      ["-q", "-e", "-c", "\(quoted) < \(Tmux.quoted(input)) 2>/dev/null", "/dev/null"])
    #expect(piped.stdout.contains("2 May 2024") || piped.stdout.contains("2024-05-02"))
    #expect(fromPipe.stdout == piped.stdout)
    // (The terminal turns each newline into CR LF.)
    #expect(onTerminal.stdout.replacingOccurrences(of: "\r\n", with: "\n") == piped.stdout)
    #expect(!piped.stdout.contains(">"), "no prompt")
  }
}
