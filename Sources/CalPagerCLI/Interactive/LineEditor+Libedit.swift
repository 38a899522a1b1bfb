import CLibEdit
import Glibc

extension LineEditor {
  /// Key bindings added to libedit's emacs map: sequences some terminals send that libedit
  /// does not know from the terminfo entry alone.
  private static let bindings: [(keys: String, command: String)] = [
    ("\\e[A", "ed-prev-history"), ("\\eOA", "ed-prev-history"),
    ("\\e[B", "ed-next-history"), ("\\eOB", "ed-next-history"),
    ("\\e[C", "ed-next-char"), ("\\eOC", "ed-next-char"),
    ("\\e[D", "ed-prev-char"), ("\\eOD", "ed-prev-char"),
    ("\\e[H", "ed-move-to-beg"), ("\\eOH", "ed-move-to-beg"),
    ("\\e[1~", "ed-move-to-beg"), ("\\e[7~", "ed-move-to-beg"),
    ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"),
    ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"),
    ("\\e[3~", "ed-delete-next-char"),
    ("\\e[1;5C", "em-next-word"), ("\\e[1;3C", "em-next-word"),
    ("\\e[1;5D", "ed-prev-word"), ("\\e[1;3D", "ed-prev-word"),
    ("^I", "calpager-complete"),
    ("^D", "calpager-end-or-delete"),
    ("^C", "calpager-interrupt"),
    ("^Z", "calpager-suspend"),
  ]

  /// Sets up libedit: emacs mode, the prompt, the reader, the history, the bindings, then the
  /// user's editrc.
  func configure() {
    calpager_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    calpager_el_set_editor(editLine, "emacs")
    calpager_el_set_prompt(editLine, promptCallback)
    calpager_el_set_getcfn(editLine, readCharacterCallback)
    calpager_el_addfn(
      editLine, "calpager-complete", "Complete the word before the cursor", completeCallback)
    calpager_el_addfn(
      editLine, "calpager-end-or-delete", "End of input on an empty line, else delete",
      endOrDeleteCallback)
    calpager_el_addfn(
      editLine, "calpager-interrupt", "Cancel the line being typed", interruptCallback)
    calpager_el_addfn(
      editLine, "calpager-suspend", "Stop the process group, as the suspend key does",
      suspendCallback)
    // The keyboard sends no signals while a line is edited: Ctrl-C and Ctrl-Z reach the
    // bindings above as keys, in order with the others. With the terminal's ISIG, Ctrl-Z
    // would stop a wrapping shell script at once, and the job-control shell would take the
    // terminal back before this process could restore it.
    calpager_el_setty_edit_mode(editLine, "-isig")
    for binding in Self.bindings {
      calpager_el_bind(editLine, binding.keys, binding.command)
    }
    el_source(editLine, nil)
  }

  /// libedit's character reader: 1 with the next character typed, 0 at the end, -1 on errors.
  ///
  /// It waits with `poll(2)` on the terminal and the self-pipe, so that a relayed signal is
  /// acted on at once.
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    if lineCancelled {
      // The Ctrl-C binding ran: end the line as Enter does (libedit moves below it).
      character.pointee = 0x0A
      return 1
    }
    while true {
      collectSignals()
      if pendingSuspend {
        pendingSuspend = false
        suspend()
        continue
      }
      if pendingContinue {
        pendingContinue = false
        redrawAfterStop()
        continue
      }
      if pendingResize {
        pendingResize = false
        el_resize(editLine)
      }
      if pendingInterrupt {
        pendingInterrupt = false
        interruptDelivered = true
        partialCharacter.removeAll()
        character.pointee = 0x03
        return 1
      }
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: TerminalSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return -1 }
      if descriptors[1].revents != 0 { continue }
      var byte: UInt8 = 0
      let count = read(input, &byte, 1)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { return Int32(count) }
      if let scalar = decode(byte) {
        character.pointee = wchar_t(bitPattern: scalar.value)
        return 1
      }
    }
  }

  /// Adds `byte` to the character being read; the character once complete, nil before (an
  /// invalid sequence is dropped).
  private func decode(_ byte: UInt8) -> Unicode.Scalar? {
    if partialCharacter.isEmpty && byte < 0x80 { return Unicode.Scalar(byte) }
    partialCharacter.append(byte)
    let lead = partialCharacter[0]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, partialCharacter.count <= length else {
      partialCharacter.removeAll()
      return nil
    }
    guard partialCharacter.count == length else { return nil }
    defer { partialCharacter.removeAll() }
    return String(validating: partialCharacter, as: UTF8.self)?.unicodeScalars.first
  }

  /// Ctrl-Z: the terminal as libedit found it, the process group stopped; on `fg` the mode,
  /// prompt and line come back.
  private func suspend() {
    calpager_el_prep_term(editLine, 0)
    writeOutput("\n")
    ignoresNextContinue = true
    TerminalSignals.stopProcessGroup(reinstalling: .relay)
    calpager_el_prep_term(editLine, 1)
    writeOutput("\r")
    calpager_el_refresh(editLine)
  }

  /// After a stop libedit did not see (`SIGSTOP`), whoever ran meanwhile may have changed the
  /// terminal: libedit's mode again, and the prompt and line drawn again.
  private func redrawAfterStop() {
    calpager_el_prep_term(editLine, 0)
    calpager_el_prep_term(editLine, 1)
    writeOutput("\r")
    calpager_el_refresh(editLine)
  }

  /// Tab.
  func complete() -> UInt8 {
    guard let completion, let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
    let length = info.buffer.distance(to: info.cursor)
    let before = info.buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    switch Completion.action(word: Completion.word(before: before), candidates: completion(before))
    {
    case .none:
      return UInt8(CC_ERROR)
    case .insert(let text):
      return el_insertstr(editLine, text) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_ERROR)
    case .list(let candidates):
      let rows = Completion.listing(candidates, width: columns)
      writeOutput("\n" + rows.joined(separator: "\n") + "\n")
      return UInt8(CC_REDISPLAY)
    }
  }

  /// Ctrl-D.
  func endOrDelete() -> UInt8 {
    guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
    if info.buffer == info.lastchar { return UInt8(CC_EOF) }
    guard info.cursor != info.lastchar else { return UInt8(CC_NORM) }
    el_cursor(editLine, 1)
    el_deletestr(editLine, 1)
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-C, typed or from `SIGINT`: `^C` shown at the end of the line, which the reader then
  /// ends; `readLine()` drops it.
  func interrupt() -> UInt8 {
    lineCancelled = true
    el_cursor(editLine, Int32.max / 2)
    el_insertstr(editLine, "^C")
    return UInt8(CC_REFRESH)
  }
}

private func suspendCallback(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
  editor(editLine)?.pendingSuspend = true
  return UInt8(CC_NORM)
}

/// The editor behind a libedit handle.
private func editor(_ editLine: OpaquePointer?) -> LineEditor? {
  guard let editLine, let data = calpager_el_clientdata(editLine) else { return nil }
  return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
}

private func promptCallback(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  editor(editLine)?.promptPointer
}

private func readCharacterCallback(
  _ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?
) -> Int32 {
  guard let editor = editor(editLine), let character else { return -1 }
  return editor.readCharacter(into: character)
}

private func completeCallback(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
  editor(editLine)?.complete() ?? UInt8(CC_ERROR)
}

private func endOrDeleteCallback(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
  editor(editLine)?.endOrDelete() ?? UInt8(CC_ERROR)
}

private func interruptCallback(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
  editor(editLine)?.interrupt() ?? UInt8(CC_ERROR)
}
