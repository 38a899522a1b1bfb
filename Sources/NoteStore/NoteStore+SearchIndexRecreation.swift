/// Making a search index again from nothing, when FTS5's `rebuild` cannot run.
///
/// `rebuild` needs the index's own tables to be readable: with its structure record gone, its
/// configuration rewritten or a shadow table dropped, FTS5 cannot even open the table
/// ("vtable constructor failed", "invalid fts5 file format"), so `rebuild`, `DROP TABLE` and
/// every trigger that writes the index fail, and with them `add`, `edit` and `rm`, for good.
/// The index is derived data (the text lives once, in `notes`), so it is dropped and created
/// again from the definitions below, then rebuilt from the notes.
///
/// The definitions repeat what migrations 0001 and 0003 created (a migration is never edited,
/// and a later one cannot be run again); `SearchIndexRepairTests` checks that a recreated
/// index's schema is the migrated one, text for text.
extension SearchIndex {
  /// The statements that create the index, its content view and its triggers, in order, as
  /// the migrations wrote them.
  var definitions: [String] {
    switch self {
    case .words:
      return [
        """
        CREATE VIRTUAL TABLE notes_fts USING fts5 (
          body,
          content = 'notes',
          content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2'
        )
        """,
        """
        CREATE TRIGGER notes_fts_after_delete AFTER DELETE ON notes BEGIN
          INSERT INTO notes_fts (notes_fts, rowid, body) VALUES ('delete', old.id, old.body);
        END
        """,
        """
        CREATE TRIGGER notes_fts_after_update AFTER UPDATE OF id, body ON notes BEGIN
          INSERT INTO notes_fts (notes_fts, rowid, body) VALUES ('delete', old.id, old.body);
          INSERT INTO notes_fts (rowid, body) VALUES (new.id, new.body);
        END
        """,
      ]
    case .cjk:
      return [
        """
        CREATE VIEW notes_cjk_text (id, body) AS
          SELECT id, body FROM notes
          WHERE body GLOB '*[ᄀ-𲎯]*' AND body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*'
        """,
        """
        CREATE VIRTUAL TABLE notes_cjk USING fts5 (
          body,
          content = 'notes_cjk_text',
          content_rowid = 'id',
          tokenize = 'trigram'
        )
        """,
        """
        CREATE TRIGGER notes_cjk_after_delete AFTER DELETE ON notes
        WHEN old.body GLOB '*[ᄀ-𲎯]*' AND old.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*'
        BEGIN
          INSERT INTO notes_cjk (notes_cjk, rowid, body) VALUES ('delete', old.id, old.body);
        END
        """,
        """
        CREATE TRIGGER notes_cjk_after_update AFTER UPDATE OF id, body ON notes BEGIN
          INSERT INTO notes_cjk (notes_cjk, rowid, body)
            SELECT 'delete', old.id, old.body
            WHERE old.body GLOB '*[ᄀ-𲎯]*' AND old.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*';
          INSERT INTO notes_cjk (rowid, body)
            SELECT new.id, new.body
            WHERE new.body GLOB '*[ᄀ-𲎯]*' AND new.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*';
        END
        """,
      ]
    }
  }

  /// The triggers and views the index owns (dropped and made again with it).
  var companions: [(kind: String, name: String)] {
    switch self {
    case .words:
      return [("TRIGGER", "notes_fts_after_delete"), ("TRIGGER", "notes_fts_after_update")]
    case .cjk:
      return [
        ("TRIGGER", "notes_cjk_after_delete"), ("TRIGGER", "notes_cjk_after_update"),
        ("VIEW", "notes_cjk_text"),
      ]
    }
  }

  /// FTS5's shadow tables of an external-content index.
  var shadowTables: [String] { ["data", "idx", "docsize", "config"].map { "\(table)_\($0)" } }

  /// Rebuilds the index from the notes, making it again when FTS5's `rebuild` cannot.
  ///
  /// When `rebuild` fails for any reason but a lock, the index is dropped and made again from
  /// the notes. Call it in a write transaction: each way runs in a savepoint, so a failed
  /// `rebuild` leaves nothing behind.
  ///
  /// - Complexity: O(*n*) in the notes' text.
  /// - Returns: Whether the index had to be made again.
  /// - Throws: A busy error, or what making the index again raised.
  func rebuild(in database: Database) throws -> Bool {
    do {
      try database.inTransaction(.write(.retrying)) { database in
        try database.execute("INSERT INTO \(table) (\(table)) VALUES ('rebuild')")
        return .commit
      }
      return false
    } catch {
      if (error as? BusyReporting)?.isBusy == true { throw error }
    }
    try database.inTransaction(.write(.retrying)) { database in
      try recreate(in: database)
      return .commit
    }
    return true
  }

  /// Drops the index, its shadow tables and companions, even when FTS5 cannot open it, and
  /// creates them again, filled from the notes.
  private func recreate(in database: Database) throws {
    for (kind, name) in companions {
      try database.execute("DROP \(kind) IF EXISTS \(name)")
    }
    do {
      try database.inTransaction(.write(.retrying)) { database in
        try database.execute("DROP TABLE IF EXISTS \(table)")
        return .commit
      }
    } catch {
      if (error as? BusyReporting)?.isBusy == true { throw error }
      // DROP TABLE opens the virtual table first, which is what fails. Its schema row is
      // removed by hand instead (SQLite's documented `writable_schema`), and the schema read
      // again; the shadow tables, ordinary tables, are then dropped as any, their pages freed.
      try database.execute("PRAGMA writable_schema = ON")
      defer { try? database.execute("PRAGMA writable_schema = RESET") }
      try database.execute(
        "DELETE FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table)])
    }
    try database.execute("PRAGMA writable_schema = RESET")
    for shadow in shadowTables {
      try database.execute("DROP TABLE IF EXISTS \(shadow)")
    }
    for statement in definitions {
      try database.execute(statement)
    }
    try database.execute("INSERT INTO \(table) (\(table)) VALUES ('rebuild')")
  }
}
