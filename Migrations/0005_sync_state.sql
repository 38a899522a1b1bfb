-- calpager schema, version 5: the sync state of `calpager sync`. Never edit this file once
-- shipped: add a new migration instead.

-- The vdirs (folders of one .ics file per item) this database syncs with, by absolute path
-- and by the token of the folder's marker file (.calpager-vdir, written at its first sync).
-- Each has its own state: syncing with another folder, or with a new folder at the same path
-- (the folder made again, this database copied to another machine), is a first sync there,
-- never a removal of everything the old folder held.
CREATE TABLE sync_vdirs (
  id    INTEGER PRIMARY KEY,
  path  TEXT NOT NULL UNIQUE,
  token TEXT NOT NULL
);

-- Each item file of a vdir as it was when last in step with the database: what the three-way
-- merge compares both sides with. A file whose size, modification time and inode are still
-- those recorded here is not read again.
CREATE TABLE sync_items (
  vdir        INTEGER NOT NULL REFERENCES sync_vdirs (id) ON DELETE CASCADE,
  name        TEXT    NOT NULL,  -- the file's name in the vdir, such as 'abc.ics'
  uid         TEXT,              -- the note it is in step with; NULL for an item left alone
  fingerprint TEXT    NOT NULL,  -- of the file's bytes then (16 hex digits)
  version     INTEGER,           -- of the note then (a hash of all its fields); NULL with uid
  size        INTEGER NOT NULL,  -- the file's size in bytes
  modified    INTEGER NOT NULL,  -- its modification time, in nanoseconds since 1970
  inode       INTEGER NOT NULL,  -- its inode number
  ignored     TEXT,              -- why an item is left alone (an event, not iCalendar, …)
  PRIMARY KEY (vdir, name),
  CHECK ((uid IS NULL) = (version IS NULL))
) WITHOUT ROWID;

-- One item per note and vdir.
CREATE UNIQUE INDEX sync_items_by_uid ON sync_items (vdir, uid) WHERE uid IS NOT NULL;

-- The notes an action added, when they are not the range first_added…last_added of actions
-- (a sync adds notes over several transactions, while other processes may add theirs): undo
-- removes them.
CREATE TABLE action_added (
  action INTEGER NOT NULL REFERENCES actions (id) ON DELETE CASCADE,
  id     INTEGER NOT NULL,
  PRIMARY KEY (action, id)
) WITHOUT ROWID;
