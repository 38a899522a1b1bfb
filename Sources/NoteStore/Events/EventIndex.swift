import Glibc

/// The index of the user's calendars: a cache of what their files hold, in an SQLite file of
/// its own (never the notes database: `backup` copies every page of that, and cache writes
/// must not wait for the notes' write lock).
///
/// It is derived and rebuildable: a schema version it does not know, or a file SQLite cannot
/// read, is deleted and built again from the calendars; `export`, `backup` and `sync` never
/// see it. It keeps, per calendar, the stamp of its folder (one stat tells whether anything
/// was added, replaced or removed by rename); per file, its stamp and why it could not be
/// read; per event, its text (a `VCALENDAR` of that event alone), bounds on where its
/// occurrences lie, and whether it shows (`hidden`: cancelled by a `METHOD:CANCEL` file of its
/// calendar, or a twin of the same `UID` in a file of its calendar with a smaller path).
///
/// What pages read are occurrences expanded once and kept whole, each row holding all a page
/// shows of it (its calendar, `UID`, times and text) and whether it shows (its event's
/// `hidden`, or an instance cancel naming it): a page's query reads the rows of its days and
/// nothing else, in the order they are stored (`occurrences` is clustered by `low`, the
/// earliest instant it may start in any zone). An event that does not recur has its
/// occurrences kept with its file; a recurring event's bounds are no help (an open-ended one
/// meets every page), so the months pages asked for are expanded once, and each recurring
/// event's occurrences in them kept. An event with more occurrences in a month than a page
/// could want kept (a rule by the minute) keeps instead the span they take (`spans`), and a
/// page that meets it expands it. What decides whether something shows is worked out when
/// files change, never when pages are read.
///
/// The schema is kept to few objects: SQLite parses all of it in every process that opens
/// the file, before its first statement, and that parse is a large part of what a page costs.
///
/// The SQL lives here because only NoteStore speaks SQLite; the walking of folders and the
/// reading of events are the `Calendars` module's.
package final class EventIndex {
  /// The schema this code writes; a file of another version is rebuilt.
  package static let schemaVersion = 7
  /// The end a series without one is stored with.
  static let openEnd = 1 << 60
  /// The first start of an event that has no occurrence: after every window.
  package static let never = 1 << 60

  let database: Database
  /// The file's path.
  package let path: String
  /// The queries of kept occurrences made so far (`forEachKept`).
  var keptQueries: [KeptQuery] = []
  /// The calendars the index held when it was opened, with their stamps: what tells, with no
  /// other look, that no calendar changed (`calendarStamps()` reads them anew).
  package private(set) var stampsWhenOpened: [(name: String, path: String, stamp: PathStamp)] =
    []

  private init(database: Database, path: String) {
    self.database = database
    self.path = path
  }

  /// Opens the index at `path` (creating its folders with mode 0700 and the file with mode
  /// 0600), rebuilding it when its schema is another or SQLite cannot read it.
  ///
  /// - Throws: `DatabaseError` when no index can be made there (a read-only folder).
  package static func open(path: String) throws -> EventIndex {
    do {
      return try openExisting(path: path)
    } catch {
      // Its folders not made yet (the first command that reads calendars), or a file that is
      // no usable index: a cache, made again whatever is wrong with it.
      try makeParentDirectories(of: path)
      unlink(path)
      unlink(path + "-journal")
      return try openExisting(path: path)
    }
  }

  private static func openExisting(path: String) throws -> EventIndex {
    let database = try Database(path: path, mode: .readWriteCreate)
    // A process crash leaves the rollback journal to undo a half write; a power loss may
    // leave a damaged file, which the next open rebuilds: the cache never syncs to disk.
    try database.execute("PRAGMA synchronous = OFF")
    // A page's queries touch a few dozen of the index's pages: read through a mapping they
    // cost a memory access each, not a `pread` call each. (Writes still go through `write`;
    // SQLite maps no more than the file holds.)
    try database.execute("PRAGMA mmap_size = 1073741824")
    let index = EventIndex(database: database, path: path)
    // The first statement reads the schema: a file that is not a database, or is damaged
    // there, fails here. The version and the calendars' stamps are read in one snapshot (the
    // schema too, read as the stamps' query is prepared, once the version's read began it).
    let version = try index.reading {
      let version = try database.scalarInt("PRAGMA user_version") ?? 0
      if version == schemaVersion { index.stampsWhenOpened = try index.calendarStamps() }
      return version
    }
    if version == 0 {
      // A file just made: readable by its owner alone (SQLite gives its journal the file's
      // mode), as the notes database. An existing one keeps its mode: no inode is written on
      // every command.
      if path != ":memory:" {
        chmod(path, 0o600)
        // The month files of an index this file replaces are of none of its versions.
        KeptMonthFile.removeAll(folder: monthFolder(ofIndexAt: path))
      }
      try database.write(.retrying) { database in
        // Another process may have made it meanwhile.
        guard try database.scalarInt("PRAGMA user_version") == 0 else { return }
        try database.execute(script: schema)
        try database.execute("PRAGMA user_version = \(schemaVersion)")
      }
    } else if version != schemaVersion {
      throw DatabaseError(extendedCode: 1, message: "an events index of schema \(version)")
    }
    return index
  }

  /// The tables, each with the fewest indexes its queries need.
  ///
  /// - `occurrences` is `WITHOUT ROWID`, keyed by `low` first: a page's rows lie together.
  ///   An occurrence is told apart from the others of its event by `number` (its place
  ///   among those kept with its file, or in its month: `month * 64 +` its place). Those
  ///   whose bounds are more than `longOccurrence` apart are also in `occurrences_long`.
  /// - `series_extent` finds the recurring events a month needs, and the events a search
  ///   past the kept months needs, by their bounds; a series' `months` (bits, January
  ///   first) are the months of the year its occurrences may meet.
  /// - `cancelled` and `cancelled_instances` are small: a file's are found by a scan.
  static let schema = """
    CREATE TABLE calendars(
      name TEXT PRIMARY KEY, path TEXT NOT NULL, device INTEGER NOT NULL, inode INTEGER NOT NULL,
      modified INTEGER NOT NULL, changed INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE files(
      id INTEGER PRIMARY KEY, calendar TEXT NOT NULL, path TEXT NOT NULL,
      size INTEGER NOT NULL, modified INTEGER NOT NULL, inode INTEGER NOT NULL,
      changed INTEGER NOT NULL, failure TEXT, problems TEXT NOT NULL DEFAULT '',
      UNIQUE(calendar, path));
    CREATE TABLE series(
      id INTEGER PRIMARY KEY, file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      uid TEXT NOT NULL, recurs INTEGER NOT NULL, first_start INTEGER NOT NULL,
      last_end INTEGER NOT NULL, months INTEGER NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,
      text BLOB NOT NULL);
    CREATE INDEX series_file ON series(file);
    CREATE INDEX series_uid ON series(uid);
    CREATE INDEX series_extent ON series(recurs, last_end, first_start);
    CREATE TABLE expanded_months(month INTEGER PRIMARY KEY);
    CREATE TABLE spans(
      series INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE, month INTEGER NOT NULL,
      start INTEGER NOT NULL, end INTEGER NOT NULL);
    CREATE TABLE occurrences(
      low INTEGER NOT NULL,
      series INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      number INTEGER NOT NULL, high INTEGER NOT NULL, month INTEGER,
      calendar TEXT NOT NULL, uid TEXT NOT NULL, hidden INTEGER NOT NULL, stale INTEGER NOT NULL,
      start_kind INTEGER NOT NULL, start INTEGER NOT NULL,
      end_kind INTEGER NOT NULL, end INTEGER NOT NULL, rid_kind INTEGER, rid INTEGER,
      rid_wall INTEGER,
      override INTEGER NOT NULL, summary TEXT, location TEXT, description TEXT, status TEXT,
      PRIMARY KEY(low, series, number)) WITHOUT ROWID;
    CREATE INDEX occurrences_series ON occurrences(series);
    CREATE INDEX occurrences_long ON occurrences(low, high) WHERE high - low > 259200;
    CREATE TABLE cancelled(
      file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE, calendar TEXT NOT NULL,
      uid TEXT NOT NULL);
    CREATE INDEX cancelled_uid ON cancelled(uid, calendar);
    CREATE TABLE cancelled_instances(
      file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE, calendar TEXT NOT NULL,
      uid TEXT NOT NULL, instant INTEGER, wall INTEGER NOT NULL, day INTEGER NOT NULL,
      is_date INTEGER NOT NULL, future INTEGER NOT NULL);
    CREATE INDEX cancelled_instances_uid ON cancelled_instances(uid, calendar);
    """

  /// Makes the folders above `path` (mode 0700) that do not exist.
  private static func makeParentDirectories(of path: String) throws {
    var prefix = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
    for part in parts {
      prefix += "/" + part
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw DatabaseError(
          extendedCode: 14,
          message: "cannot create the folder '\(prefix)': \(String(cString: strerror(errno)))")
      }
    }
  }
}
