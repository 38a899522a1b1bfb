import NoteModel

/// A note with its version: a hash of all its fields (`NoteVersion`), which changes whenever
/// the note does (an edit, a move, an undo, an import, a new stored item).
///
/// What a sync compares with the version it recorded: a `Note` alone cannot say whether it
/// changed since.
public struct VersionedNote: Sendable, Hashable {
  /// The note.
  public let note: Note
  /// Its version.
  public let version: Int64

  /// The note with its version worked out.
  public init(_ note: Note) {
    self.note = note
    version = note.withFields(NoteVersion.of)
  }
}
