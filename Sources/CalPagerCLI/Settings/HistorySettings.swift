import NoteStore

/// The setting of the undo history kept in the database: `undo-depth`, how many actions
/// `undo` can take back (the store drops older ones with the text they kept).
enum HistorySettings {
  /// The key, as the store reads it.
  static let depth = NoteStore.undoDepthKey

  /// The values `undo-depth` accepts, in words.
  static var acceptedValues: String {
    "a whole number from \(NoteStore.undoDepths.lowerBound) to "
      + "\(NoteStore.undoDepths.upperBound)"
  }

  /// The help line of `config`'s SETTINGS block.
  static var help: String {
    "How many actions undo can take back; older ones are dropped with the text they kept: "
      + acceptedValues + ". (default: \(NoteStore.defaultUndoDepth))"
  }
}
