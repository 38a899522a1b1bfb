-- calpager schema, version 6: what the sync needs at the edges (issue 20). Never edit this
-- file once shipped: add a new migration instead.

-- The folder a sync's undo step is about (its path then), so that a plain `undo`, which never
-- takes a sync back, can name the sync it refuses; NULL for any other action.
ALTER TABLE actions ADD COLUMN folder TEXT;

-- The item file's status change time (st_ctime, in nanoseconds since 1970): no program can
-- set it back, so a rewrite in place that keeps the size, the modification time and the inode
-- (`rsync -t --inplace`, a file system with coarse timestamps) still shows. 0 for the items
-- recorded before this migration: each is read once more at the next sync.
ALTER TABLE sync_items ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;

-- The UID an item left alone carries (an event's, a to-do's), so that no note is sent under
-- a UID the folder already holds: vdirsyncer stops on two items with one UID.
ALTER TABLE sync_items ADD COLUMN item_uid TEXT;
CREATE INDEX sync_items_by_item_uid ON sync_items (vdir, item_uid) WHERE item_uid IS NOT NULL;
