-- calpager schema, version 2: search inside text written without spaces (Chinese, Japanese,
-- Korean). Never edit this file once shipped: add a new migration instead.

-- notes_fts (0001) finds whole words, with case and diacritics folded; its unicode61 tokenizer
-- makes a run of CJK characters one token, so '日本' cannot find '日本語のメモ'. This index
-- finds any substring of three characters or more in the notes that hold CJK text: FTS5's
-- trigram tokenizer (SQLite 3.34+) over those notes. Shorter CJK queries (one or two
-- characters, which trigrams cannot hold) scan the bodies; see NoteStore+Search.swift.
--
-- The notes it holds are those whose body matches the GLOB class below: kana, Hangul,
-- bopomofo and the CJK ideographs, U+1100-11FF, 3005-3007, 3031-3035, 3041-309F, 30A0-30FF,
-- 3105-312F, 3131-318F, 31A0-31BF, 31F0-31FF, 3400-4DBF, 4E00-9FFF, A960-A97F, AC00-D7AF,
-- D7B0-D7FF, F900-FAFF, FF66-FF9F, FFA0-FFDC, 1B000-1B16F, 20000-323AF (CJKText.ranges in
-- NoteStore lists the same scalars; a test checks they agree). The class is repeated in the
-- triggers: SQLite has no named constants.
CREATE VIEW notes_cjk_text (id, body) AS
  SELECT id, body FROM notes
  WHERE body GLOB '*[ᄀ-ᇿ々-〇〱-〵ぁ-ゟ゠-ヿㄅ-ㄯㄱ-㆏ㆠ-ㆿㇰ-ㇿ㐀-䶿一-鿿ꥠ-꥿가-힯ힰ-퟿豈-﫿ｦ-ﾟﾠ-ￜ𛀀-𛅯𠀀-𲎯]*';

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
WHEN old.body GLOB '*[ᄀ-ᇿ々-〇〱-〵ぁ-ゟ゠-ヿㄅ-ㄯㄱ-㆏ㆠ-ㆿㇰ-ㇿ㐀-䶿一-鿿ꥠ-꥿가-힯ힰ-퟿豈-﫿ｦ-ﾟﾠ-ￜ𛀀-𛅯𠀀-𲎯]*'
BEGIN
  INSERT INTO notes_cjk (notes_cjk, rowid, body) VALUES ('delete', old.id, old.body);
END;

CREATE TRIGGER notes_cjk_after_update AFTER UPDATE OF id, body ON notes BEGIN
  INSERT INTO notes_cjk (notes_cjk, rowid, body)
    SELECT 'delete', old.id, old.body
    WHERE old.body GLOB '*[ᄀ-ᇿ々-〇〱-〵ぁ-ゟ゠-ヿㄅ-ㄯㄱ-㆏ㆠ-ㆿㇰ-ㇿ㐀-䶿一-鿿ꥠ-꥿가-힯ힰ-퟿豈-﫿ｦ-ﾟﾠ-ￜ𛀀-𛅯𠀀-𲎯]*';
  INSERT INTO notes_cjk (rowid, body)
    SELECT new.id, new.body
    WHERE new.body GLOB '*[ᄀ-ᇿ々-〇〱-〵ぁ-ゟ゠-ヿㄅ-ㄯㄱ-㆏ㆠ-ㆿㇰ-ㇿ㐀-䶿一-鿿ꥠ-꥿가-힯ힰ-퟿豈-﫿ｦ-ﾟﾠ-ￜ𛀀-𛅯𠀀-𲎯]*';
END;
