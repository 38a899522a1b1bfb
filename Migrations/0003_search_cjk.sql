-- calpager schema, version 3: search inside text written without spaces (Chinese, Japanese,
-- Korean). Never edit this file once shipped: add a new migration instead.

-- notes_fts (0001) finds whole words, with case and diacritics folded; its unicode61 tokenizer
-- makes a run of CJK characters one token, so '日本' cannot find '日本語のメモ'. This index
-- finds any substring of three characters or more in the notes that hold CJK text: FTS5's
-- trigram tokenizer (SQLite 3.34+) over those notes. Shorter CJK queries (one or two
-- characters, which trigrams cannot hold) scan the bodies with LIKE; see SearchPlan.swift.
--
-- The notes it holds are those with a character of CJK text: Hangul, kana, bopomofo, the CJK
-- ideographs and the punctuation and symbols of CJK text, U+1100-11FF, 3000-9FFF, A960-A97F,
-- AC00-D7FF, F900-FAFF, FF66-FFDC, 1B000-1B16F, 20000-323AF (CJKText.ranges in NoteStore lists
-- the same; a test checks they agree for every character). GLOB tests each character of a
-- body against each range of a class in turn, so the class has few ranges, and a one-range
-- class (U+1100 and up) first turns away most notes without CJK text for a fraction of the
-- cost. SQLite has no named constants: the classes are repeated in the triggers.
CREATE VIEW notes_cjk_text (id, body) AS
  SELECT id, body FROM notes
  WHERE body GLOB '*[ᄀ-𲎯]*' AND body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*';

-- An external-content index over the view: the text lives once, in notes, and FTS5's
-- 'rebuild' and 'integrity-check' read it through the view.
CREATE VIRTUAL TABLE notes_cjk USING fts5 (
  body,
  content = 'notes_cjk_text',
  content_rowid = 'id',
  tokenize = 'trigram'
);

-- The notes of an existing database.
INSERT INTO notes_cjk (notes_cjk) VALUES ('rebuild');

-- As for notes_fts, no insert trigger: NoteStore.insert adds a note with CJK text itself (an
-- insert trigger writing FTS5 makes it flush its pending entries at every statement).
CREATE TRIGGER notes_cjk_after_delete AFTER DELETE ON notes
WHEN old.body GLOB '*[ᄀ-𲎯]*' AND old.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*'
BEGIN
  INSERT INTO notes_cjk (notes_cjk, rowid, body) VALUES ('delete', old.id, old.body);
END;

CREATE TRIGGER notes_cjk_after_update AFTER UPDATE OF id, body ON notes BEGIN
  INSERT INTO notes_cjk (notes_cjk, rowid, body)
    SELECT 'delete', old.id, old.body
    WHERE old.body GLOB '*[ᄀ-𲎯]*' AND old.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*';
  INSERT INTO notes_cjk (rowid, body)
    SELECT new.id, new.body
    WHERE new.body GLOB '*[ᄀ-𲎯]*' AND new.body GLOB '*[ᄀ-ᇿ　-鿿ꥠ-꥿가-퟿豈-﫿ｦ-ￜ𛀀-𛅯𠀀-𲎯]*';
END;
