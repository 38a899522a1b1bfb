// calpager-terminal-probe: drives the interactive terminal layer of CalPagerCLI for the tmux
// tests, with none of calpager's commands around it.
//
//   calpager-terminal-probe line [--limit N] [--pid-file FILE]
//       The line editor, prompt `probe> `, history in the default place (XDG_STATE_HOME or
//       HOME), bounded to N entries (default 1000). Each accepted line is echoed as
//       `got: LINE` (control characters as \e, \xNN); `eof` is printed when readLine returns
//       nil. Lines starting with `secret` are kept out of the history. Special lines:
//       `width` prints `columns: N resized: yes|no`; `busy` runs for two seconds (a command
//       that a Ctrl-C may interrupt), then prints `busy done`; `interrupted?` prints
//       `interrupted: yes|no`. Tab completes from: goto today tomorrow export exit
//       --format=json --format=jsonl 漢字.
//   calpager-terminal-probe keys [--pid-file FILE]
//       A full-screen view that names each key read; q quits (exit 0), Ctrl-C quits (exit
//       130), Ctrl-Z suspends, ! crashes (fatalError), p opens a one-line prompt, e runs a child with the terminal
//       restored (it prints `child> `, reads a line, echoes it and exits 3). Prints
//       `keys done` once the terminal is restored.
import CalPagerCLI
import Glibc

func say(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// `text` with control characters shown: ESC as \e, other C0 controls and DEL as \xNN.
func visible(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x1B: result += "\\e"
    case 0..<0x20, 0x7F:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += "\\x" + (hex.count == 1 ? "0" : "") + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

func option(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return nil
  }
  return arguments[index + 1]
}

func environment() -> [String: String] {
  var result: [String: String] = [:]
  for name in ["XDG_STATE_HOME", "HOME"] {
    if let value = getenv(name) { result[name] = String(cString: value) }
  }
  return result
}

func runLineEditor() -> Int32 {
  let limit = option("--limit").flatMap { Int($0) } ?? 1000
  let history = LineHistory(
    path: LineHistory.defaultPath(environment: environment()), limit: limit)
  let editor: LineEditor
  do {
    editor = try LineEditor(history: history)
  } catch {
    say("Error: \(error)")
    return 1
  }
  editor.prompt = "probe> "
  editor.isSecret = { $0.hasPrefix("secret") }
  let candidates = [
    "goto", "today", "tomorrow", "export", "exit", "--format=json", "--format=jsonl", "漢字",
  ]
  editor.completion = { _ in candidates }
  while let line = editor.readLine() {
    say("got: " + visible(line))
    switch line {
    case "width":
      let resized = editor.takeResize()
      say("columns: \(editor.columns) resized: \(resized ? "yes" : "no")")
    case "busy":
      // Two seconds of work that a Ctrl-C must not end.
      var request = timespec(tv_sec: 2, tv_nsec: 0)
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
      say("busy done")
    case "interrupted?":
      say("interrupted: \(editor.takeInterrupt() ? "yes" : "no")")
    default:
      break
    }
  }
  say("eof")
  return 0
}

/// Runs `sh -c script` in the foreground and returns its status (128 + N for signal N).
func runChild(_ script: String) -> Int32 {
  var pid: pid_t = 0
  let words: [String] = ["/bin/sh", "-c", script]
  let arguments = words.map { strdup($0) } + [nil]
  defer { for argument in arguments { free(argument) } }
  guard posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ) == 0 else { return -1 }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

func runKeys() -> Int32 {
  let terminal: TerminalMode
  do {
    terminal = try TerminalMode()
  } catch {
    say("Error: \(error)")
    return 1
  }
  let keys = KeyReader(wakeDescriptor: terminal.wakeDescriptor)
  var screen = Screen(size: terminal.size)
  var names: [String] = []
  var last = "none"
  var resumes = 0
  var ticks = 0
  var prompt: LinePrompt?
  var status: Int32 = 0
  loop: while true {
    var lines = [
      ScreenLine(
        "keys probe \(screen.size.columns)x\(screen.size.rows) resumed \(resumes)",
        style: ScreenStyle(bold: true)),
      ScreenLine("last: " + last),
      ScreenLine("keys: " + names.suffix(8).joined(separator: " ")),
      ScreenLine("text: 漢字 \u{1B}[31mred\u{7} e\u{301}"),
      ScreenLine(String(repeating: "0123456789", count: 30)),
      ScreenLine("ticks: \(ticks > 0 ? "some" : "none")"),
    ]
    var cursor: Screen.Position?
    if let prompt {
      let (line, column) = prompt.line(columns: screen.size.columns)
      lines += Array(repeating: ScreenLine(), count: max(screen.size.rows - lines.count - 1, 0))
      lines.append(line)
      cursor = Screen.Position(row: screen.size.rows - 1, column: column)
    }
    terminal.write(screen.frame(lines, cursor: cursor))
    switch keys.next(timeoutMilliseconds: 1000) {
    case .key(let key):
      if var editing = prompt {
        switch editing.handle(key) {
        case .editing: prompt = editing
        case .accepted(let text):
          last = "prompt: " + text
          prompt = nil
        case .cancelled:
          last = "prompt cancelled"
          prompt = nil
        }
        continue
      }
      names.append(key.name)
      last = key.name
      switch key {
      case .character("q"): break loop
      case .control("c"):
        status = 130
        break loop
      case .control("z"): terminal.suspend()
      case .character("p"): prompt = LinePrompt(label: "Go to: ")
      case .character("!"): fatalError("a crash, asked for")
      case .character("e"):
        let child = terminal.withTerminalRestored {
          runChild("printf 'child> '; read line; echo \"child read: $line\"; exit 3")
        }
        last = "child \(child)"
      default: break
      }
    case .wake:
      let events = terminal.takeEvents()
      if events.contains(.resumed) { resumes += 1 }
      screen.size = terminal.size
    case .timeout:
      ticks += 1
    case .end:
      status = 1
      break loop
    }
  }
  terminal.restore()
  say("keys done")
  return status
}

if let pidFile = option("--pid-file") {
  let descriptor = open(pidFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  var text = "\(getpid())\n"
  text.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}
switch CommandLine.arguments.dropFirst().first {
case "line": exit(runLineEditor())
case "keys": exit(runKeys())
default:
  say("usage: calpager-terminal-probe line [--limit N] | keys (either with [--pid-file FILE])")
  exit(64)
}
