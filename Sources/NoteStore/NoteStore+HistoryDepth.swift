/// The bounded undo history (issue 20, item 14): the last `undo-depth` actions are kept, and
/// what older ones kept leaves the file.
///
/// Every version an edit, move or remove replaced is kept in `action_notes` so that `undo`
/// can put it back; kept forever, 3,000 edits of a 1 KB note made a 14 MB file holding every
/// version, and a removed note's text stayed in it and in every backup. So:
/// - each new action drops the actions older than the last `undo-depth` (their kept notes go
///   with them: `ON DELETE CASCADE`);
/// - the connection runs with `secure_delete`, so the pages and cells they freed are zeroed
///   and do not keep the text;
/// - the search indexes are merged (FTS5 `optimize`) at every action whose id is a multiple of
///   the depth: SQLite 3.40's FTS5 has no secure-delete, and its older segments keep the words
///   of deleted rows until merged. Any `depth` consecutive actions hold one such multiple, so
///   the words of a note removed by action *k* are merged away by action *k* + depth, when
///   the history drops the note itself. Merging costs O(*n*) in the indexes' size, once per
///   `depth` actions.
extension NoteStore {
  /// The setting holding the history's depth.
  public static let undoDepthKey = "undo-depth"
  /// The depth when the setting is not set.
  public static let defaultUndoDepth = 100
  /// The depths `undo-depth` accepts.
  public static let undoDepths = 1...100_000

  /// The depth `text` names: a whole number in `undoDepths`, or nil.
  public static func undoDepth(parsing text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text.count <= 6,
      let depth = Int(text), undoDepths.contains(depth)
    else { return nil }
    return depth
  }

  /// The history's depth in `database`: the setting, or the default when it is unset (or not
  /// a depth, which `config set` never stores).
  static func undoDepth(in database: Database) throws -> Int {
    let text = try database.scalarString(
      "SELECT value FROM settings WHERE key = ?", [.text(undoDepthKey)])
    return text.flatMap(undoDepth(parsing:)) ?? defaultUndoDepth
  }

  /// Drops the actions older than the last `undo-depth` with what they kept.
  ///
  /// `newest` is the action just recorded; when it is a multiple of the depth the search
  /// indexes are merged too. Call it in the write transaction that recorded `newest`.
  static func trimHistory(newest: Int, in database: Database) throws {
    let depth = try undoDepth(in: database)
    try database.execute(
      """
      DELETE FROM actions WHERE id < (
        SELECT min(id) FROM (SELECT id FROM actions ORDER BY id DESC LIMIT ?))
      """, [.int(depth)])
    if newest % depth == 0 {
      for index in SearchIndex.allCases {
        try database.execute("INSERT INTO \(index.table) (\(index.table)) VALUES ('optimize')")
      }
    }
  }
}
