import CalendarPaging
import Glibc
import NoteStore

/// What the user saved in `$EDITOR`, and the file that holds it until it is stored.
///
/// The file is the only copy of what was typed until a transaction holding it commits, so it
/// is removed only then: when the save fails (the note removed meanwhile, the database locked
/// past the busy timeout, text that is not UTF-8 or too long, any store error), it stays
/// where it is, mode 0600, and the error names it.
struct EditorDraft {
  /// The temporary file the editor wrote.
  let path: String
  /// What it held when the editor exited.
  let bytes: [UInt8]

  /// The saved text without its trailing newlines.
  ///
  /// - Throws: `CLIError.textKept` when it is not UTF-8, naming the file that keeps it.
  func text() throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CLIError.textKept(path: keep(), reason: "it is not valid UTF-8 text")
    }
    return text.withoutTrailingNewlines
  }

  /// Removes the file: its text is stored, or it holds nothing worth keeping.
  func discard() {
    unlink(path)
  }

  /// Leaves the file in place, readable by its owner only, and returns its path.
  @discardableResult
  func keep() -> String {
    chmod(path, 0o600)
    return path
  }

  /// Runs `save` on the text; any error it throws keeps the file and names it.
  ///
  /// An empty text is not saved and the file goes: an empty file is how a user abandons an
  /// edit, as with `git commit`.
  func store<Result>(emptyError: CLIError, _ save: (String) throws -> Result) throws -> Result {
    let text = try text()
    guard text.hasVisibleText else {
      discard()
      throw emptyError
    }
    let result: Result
    do {
      result = try save(text)
    } catch {
      throw CLIError.textKept(path: keep(), reason: "\(error)")
    }
    discard()
    return result
  }
}
