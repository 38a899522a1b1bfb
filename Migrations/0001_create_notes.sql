-- calpager schema, version 1. Never edit this file once shipped: add a new migration instead.

-- Notes are clustered by day: the primary key (day, id) of a WITHOUT ROWID table stores one
-- day's notes next to each other in the file, whatever order they were added in, so a month
-- window reads a handful of pages instead of one page per note.
CREATE TABLE notes (
  day     INTEGER NOT NULL,  -- days since 1970-01-01 (0001-01-01 is -719162)
  id      INTEGER NOT NULL,  -- local to this database; handed out from state.next_note_id
  uid     TEXT    NOT NULL,  -- stable across databases: what export and import match on
  body    TEXT    NOT NULL,  -- UTF-8, any length, may hold newlines
  created INTEGER NOT NULL,  -- milliseconds since 1970-01-01T00:00:00Z
  updated INTEGER NOT NULL,  -- milliseconds since 1970-01-01T00:00:00Z
  PRIMARY KEY (day, id),
  CHECK (day BETWEEN -719162 AND 2932896)
) WITHOUT ROWID;

CREATE UNIQUE INDEX notes_by_id ON notes (id);
CREATE UNIQUE INDEX notes_by_uid ON notes (uid);
-- Entries of (day, id) only: the note counts of a window of days and the nearest day with
-- notes read this small index instead of the notes themselves.
CREATE INDEX notes_by_day ON notes (day);

-- Full-text search over bodies. An external-content index: the text lives once, in notes.
CREATE VIRTUAL TABLE notes_fts USING fts5 (
  body,
  content = 'notes',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

-- No insert trigger: NoteStore.insert adds the note to the index itself. A statement that
-- fires a trigger writing FTS5 runs in a statement journal, and inside a transaction FTS5
-- writes its pending entries to disk at every such statement: an import spent two thirds of
-- its time there. Deletes and updates, rarer, keep their triggers.
CREATE TRIGGER notes_fts_after_delete AFTER DELETE ON notes BEGIN
  INSERT INTO notes_fts (notes_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;

CREATE TRIGGER notes_fts_after_update AFTER UPDATE OF id, body ON notes BEGIN
  INSERT INTO notes_fts (notes_fts, rowid, body) VALUES ('delete', old.id, old.body);
  INSERT INTO notes_fts (rowid, body) VALUES (new.id, new.body);
END;

-- One row: the selected day (NULL until a paging command sets it: today is shown) and the
-- next note id (ids are never reused, even after undo).
CREATE TABLE state (
  singleton    INTEGER PRIMARY KEY CHECK (singleton = 1),
  selected_day INTEGER CHECK (selected_day BETWEEN -719162 AND 2932896),
  next_note_id INTEGER NOT NULL CHECK (next_note_id >= 1)
);
INSERT INTO state (singleton, selected_day, next_note_id) VALUES (1, NULL, 1);

-- Menu options set by `calpager config set`, validated by the application.
CREATE TABLE settings (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- The undo history: one row per add, edit, mv, rm or import, newest last.
CREATE TABLE actions (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL,  -- add, edit, mv, rm, import
  at          INTEGER NOT NULL,  -- milliseconds since 1970-01-01T00:00:00Z
  first_added INTEGER,           -- notes with ids first_added...last_added were created by it
  last_added  INTEGER
);

-- Each note as it was just before an action changed or removed it, so undo can restore it.
CREATE TABLE action_notes (
  action  INTEGER NOT NULL REFERENCES actions (id) ON DELETE CASCADE,
  id      INTEGER NOT NULL,
  day     INTEGER NOT NULL,
  uid     TEXT    NOT NULL,
  body    TEXT    NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  PRIMARY KEY (action, id)
) WITHOUT ROWID;
