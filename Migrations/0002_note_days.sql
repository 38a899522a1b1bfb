-- calpager schema, version 2. Never edit this file once shipped: add a new migration instead.

-- The number of notes on each day that has any. The menu's marks need the counts of a window
-- of about thirty days at every jump: read from here they cost one row a day, where counting
-- the `notes_by_day` index costs one entry a note (27 a day at 10^6 notes over a century). A
-- day with no notes has no row.
--
-- As with the search index, inserts are counted by NoteStore itself (an insert trigger made an
-- import three times as slow: 4.0 s of CPU for 200,000 notes instead of 1.3 s); deletes and
-- moves, rarer, keep their triggers.
CREATE TABLE note_days (
  day   INTEGER PRIMARY KEY,  -- days since 1970-01-01, as notes.day
  notes INTEGER NOT NULL CHECK (notes > 0)
);

INSERT INTO note_days (day, notes) SELECT day, count(*) FROM notes GROUP BY day;

CREATE TRIGGER note_days_after_delete AFTER DELETE ON notes BEGIN
  DELETE FROM note_days WHERE day = old.day AND notes = 1;
  UPDATE note_days SET notes = notes - 1 WHERE day = old.day;
END;

CREATE TRIGGER note_days_after_move AFTER UPDATE OF day ON notes
WHEN old.day <> new.day BEGIN
  DELETE FROM note_days WHERE day = old.day AND notes = 1;
  UPDATE note_days SET notes = notes - 1 WHERE day = old.day;
  INSERT INTO note_days (day, notes) VALUES (new.day, 1)
    ON CONFLICT (day) DO UPDATE SET notes = notes + 1;
END;
