-- calpager schema, version 4: lossless journals. Never edit this file once shipped: add a new
-- migration instead.

-- The iCalendar item a note came with (a journal imported from an .ics file or received from a
-- vdir), as its UTF-8 text: every property and parameter calpager does not interpret is
-- written back from here (Interchange's ICalItem). NULL for a note calpager made, or whose item
-- is exactly what calpager writes for it. Not parsed into columns, and not indexed: only export,
-- import and sync read it.
ALTER TABLE notes ADD COLUMN ical TEXT;

-- The undo history keeps it too, so that undo restores a note with the item it had.
ALTER TABLE action_notes ADD COLUMN ical TEXT;
