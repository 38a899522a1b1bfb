import CalendarPaging
import CommandLanguage
import DisplayText
import Glibc
import NoteStore

/// `backup FILE`: a consistent copy of the database, written by the rules of `OutputTarget`.
struct BackupCommand: CalPagerCommand {
  /// `<file>`: where the copy goes; a file, not `-` (unless after `--`, as a file's name).
  static let path = ArgumentKey<String>(
    label: "<file>", help: "The file to write the copy to.", kind: .file
  ) { (arguments, slot) throws(UsageError) in
    let path = try arguments.file(at: slot, expected: "give the file to write the copy to")
    guard path != "-" || arguments.literalFrom <= slot.index else {
      throw arguments.failure("'-' is not a file: a backup is a database file, not a stream")
    }
    return path
  }

  static let spec = CommandSpec(
    name: "backup",
    abstract: "Copy the database to a file, safely while in use.",
    discussion: """
      Uses SQLite's online backup, so the copy is consistent even while other calpager \
      processes write. The copy is a calpager database that --db can open. A file is \
      replaced whole, keeping its permissions (a new one gets the database's); a symbolic \
      link is written through; a FIFO or a device is written into. The database itself and \
      its journal are refused. In the line mode, commit or roll back a transaction first.

      Example:
        calpager backup ~/calpager-backup.db
      """,
    arguments: [path.declaration]
  )

  /// The file the copy is written to.
  let path: String

  func run(in context: CommandContext) throws -> MessageResult {
    let session = try context.session
    if let open = session.transaction {
      // SQLite cannot copy a database its own connection is writing (SQLITE_LOCKED).
      throw CLIError.backupInTransaction(since: open.startLine)
    }
    try session.saveSelection()
    let target = try OutputTarget(path: path, database: session.store.location.path)
    // The copy's own count: other processes may have added notes since it was made.
    let count: Int
    switch target.kind {
    case .directory:
      throw StoreError.isDirectory(path: path)
    case .special:
      count = try copy(session.store, into: target, environment: context.environment)
    case .absent, .regular:
      try StoreLocation(path: path, createsParentDirectories: false).prepare()
      count = try replace(target, withCopyOf: session.store)
    }
    return MessageResult(
      message: "Backed up \(countText(count, "note")) to \(TerminalText.singleLine(path))"
    ) { json in
      json.field("backup", path)
      json.field("notes", count)
    }
  }

  /// Writes the copy under a temporary name beside the target, with the target's mode, and
  /// renames it over the target: a reader sees the old file or the whole copy.
  private func replace(_ target: OutputTarget, withCopyOf store: NoteStore) throws -> Int {
    let (descriptor, temporary) = try OutputFile.makeTemporary(
      in: target.directory, prefix: ".calpager-backup-", for: path)
    target.applyMode(to: descriptor)
    close(descriptor)
    do {
      let count = try store.backup(intoNewFile: temporary, reportedAs: path)
      guard rename(temporary, target.resolvedPath) == 0 else { throw OutputFile.failure(path) }
      OutputFile.syncDirectory(target.directory)
      return count
    } catch {
      unlink(temporary)
      unlink(temporary + "-journal")
      throw error
    }
  }

  /// Writes the copy to a private temporary file, then its bytes into the FIFO or device.
  private func copy(
    _ store: NoteStore, into target: OutputTarget, environment: [String: String]
  ) throws -> Int {
    let directory = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    let (descriptor, temporary) = try OutputFile.makeTemporary(
      in: directory, prefix: "calpager-backup-", for: path)
    close(descriptor)
    defer {
      unlink(temporary)
      unlink(temporary + "-journal")
    }
    let count = try store.backup(intoNewFile: temporary, reportedAs: path)
    let source = open(temporary, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { throw OutputFile.failure(path) }
    defer { close(source) }
    let file = try OutputFile(target)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else {
        let error = OutputFile.failure(path)
        file.abandon()
        throw error
      }
      if read == 0 { break }
      let wrote = chunk.withUnsafeBytes {
        Output.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<read]), to: file.descriptor)
      }
      guard wrote else {
        let error = OutputFile.failure(path)
        file.abandon()
        throw error
      }
    }
    try file.commit()
    return count
  }
}

extension BackupCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = try arguments.read(Self.path)
    try arguments.expectNoMoreWords()
  }
}
