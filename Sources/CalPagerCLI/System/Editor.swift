import CommandLanguage
import Glibc

/// Text typed in `$VISUAL` or `$EDITOR`, or read from standard input.
enum TextInput {
  /// Opens the user's editor on a temporary file holding `initial`, waits for it, and returns
  /// what the file holds afterwards: the caller stores it, then discards or keeps the file.
  ///
  /// The file is made with mode 0600 (`mkstemps`): the note may be private.
  static func edit(_ initial: String, environment: [String: String]) throws -> EditorDraft {
    guard
      let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 })
        .first(where: { !$0.trimmingSpaces.isEmpty })
    else { throw CLIError.noEditor }
    let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/calpager-XXXXXX.txt").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard descriptor >= 0 else {
      throw CLIError.editorFile(reason: String(cString: strerror(errno)))
    }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var bytes = Array(initial.utf8)
    if !bytes.isEmpty { bytes.append(10) }
    let wrote = bytes.withUnsafeBytes { Output.writeAll($0, to: descriptor) }
    close(descriptor)
    guard wrote else {
      unlink(path)
      throw CLIError.editorFile(reason: String(cString: strerror(errno)))
    }
    // The editor may hold arguments ("code --wait"), so the shell splits it, as git does.
    let status: Int32
    do {
      status = try run(["/bin/sh", "-c", editor + " \"$1\"", "sh", path])
    } catch {
      unlink(path)
      throw error
    }
    let draft = EditorDraft(path: path, bytes: try readDraft(path))
    guard status == 0 else {
      // A failing editor (vim's `:cq`) means "abandon": unless the file changed, then what
      // was typed may be all the user has, and it stays.
      guard draft.bytes != bytes else {
        draft.discard()
        throw CLIError.editorFailed(command: editor, status: status, keptIn: nil)
      }
      throw CLIError.editorFailed(command: editor, status: status, keptIn: draft.keep())
    }
    return draft
  }

  /// The bytes of the editor's file; the file stays when it cannot be read.
  private static func readDraft(_ path: String) throws -> [UInt8] {
    let file = open(path, O_RDONLY)
    guard file >= 0 else {
      throw CLIError.editorFile(reason: String(cString: strerror(errno)) + " ('\(path)')")
    }
    defer { close(file) }
    do {
      return try readBytes(file)
    } catch {
      throw CLIError.editorFile(reason: "\(error) ('\(path)')")
    }
  }

  /// The text of a note given on the command line or standard input; nil for `.editor`,
  /// whose text the command reads through `edit(_:environment:)` to keep it on a failure.
  static func given(_ body: NoteBody) throws -> String? {
    switch body {
    case .text(let text): return text
    case .standardInput: return try standardInput()
    case .editor: return nil
    }
  }

  /// Everything on standard input, without its trailing newlines.
  static func standardInput() throws -> String {
    try readAll(0).withoutTrailingNewlines
  }

  /// Reads `descriptor` to its end as UTF-8 text.
  ///
  /// - Throws: `CLIError` when it cannot be read or is not valid UTF-8.
  static func readAll(_ descriptor: Int32, sizeHint: Int = 1 << 16) throws -> String {
    let bytes = try readBytes(descriptor, sizeHint: sizeHint)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CLIError.cannotRead(name: "the note's text", reason: "it is not valid UTF-8 text")
    }
    return text
  }

  /// Reads `descriptor` to its end, in chunks of `sizeHint` bytes (a file's size, plus one to
  /// see its end at once) up to 64 KiB.
  static func readBytes(_ descriptor: Int32, sizeHint: Int = 1 << 16) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(max(sizeHint, 1), 1 << 16))
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError.cannotRead(
          name: "the note's text", reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }

  /// Runs `arguments` with the terminal attached and returns its exit status.
  private static func run(_ arguments: [String]) throws -> Int32 {
    switch ChildProcess.run(arguments, streams: .inherited) {
    case .success(let status): return status
    case .failure(let error):
      throw CLIError.editorFailed(command: arguments[2], status: error.code, keptIn: nil)
    }
  }
}

extension String {
  /// The text without trailing `\n` and `\r\n`.
  var withoutTrailingNewlines: String {
    var text = Substring(self)
    while let last = text.last, last == "\n" || last == "\r\n" || last == "\r" {
      text = text.dropLast()
    }
    return String(text)
  }

  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text
  }
}

extension String {
  /// Whether the text has a character that is not white space: what a note needs.
  var hasVisibleText: Bool {
    unicodeScalars.contains { !$0.properties.isWhitespace }
  }
}
