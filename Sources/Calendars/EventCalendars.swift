import CalendarPaging
public import Interchange
import NoteStore
public import Recurrence

/// One occurrence on a page: which calendar and event it is of, and when.
public struct DayOccurrence: Sendable {
  /// The calendar's name.
  public let calendar: String
  /// The event's `UID`.
  public let uid: String
  /// The occurrence: start, end (exclusive), text, `RECURRENCE-ID`.
  public let occurrence: Occurrence
  /// Whether its file no longer parses: this is its last readable version, to be shown marked.
  public let isStale: Bool
}

/// What `calendars` shows of one calendar.
public struct CalendarStatus: Sendable {
  /// Why a calendar shows nothing.
  public enum State: Sendable, Equatable {
    /// Read.
    case read
    /// Its path cannot be used: the reason.
    case unusable(String)
    /// The same folder or file as the calendar named: read once, under that name.
    case sameAs(String)
  }

  /// The calendar.
  public let source: CalendarSource
  /// Whether it was read.
  public let state: State
  /// Its `.ics` files.
  public let files: Int
  /// Its events: distinct `UID`s.
  public let events: Int
  /// Its events that recur.
  public let recurring: Int
  /// The files it could not read, with the reason (their last readable events still show).
  public let unreadable: [(path: String, reason: String)]
  /// What in its readable files could not be used as written, by file.
  public let problems: [(path: String, problems: [String])]
  /// The `UID`s more than one file holds (each is shown once, from the first path).
  public let duplicateUIDs: [(uid: String, paths: [String])]
}

/// The user's calendars, read through their index: what pages ask for events.
///
/// `open` brings the index up to date (one stat per calendar, more only for calendars that
/// changed); the queries then read only the events whose bounds meet the days asked for,
/// parse them, and expand their recurrences around those days alone.
///
/// ```swift
/// let calendars = try EventCalendars.open(sources: sources, cachePath: path, zones: lookup)
/// for line in calendars.notices { stderr.write(line) }
/// for event in calendars.events(covering: day...day, userZone: zone) { … }
/// ```
public final class EventCalendars {
  /// The index; nil when there are no calendars (a page then costs nothing more).
  let index: EventIndex?
  let zones: ZoneLookup
  /// The calendars, in the order named.
  public let sources: [CalendarSource]
  /// The names of the calendars read (a folder reached twice is read under its first name).
  let readNames: [String]
  let states: [String: CalendarStatus.State]
  /// One line each, for stderr: the files seen failing for the first time in this update.
  public let notices: [String]
  /// The series parsed from the index, by row: a browse session asks for the same days again.
  var parseCache: [Int: [EventSeries]] = [:]
  /// The instance cancels by calendar and `UID`, read when a page first expands an event.
  var instanceCancels: [[String]: [StoredCancel]]?
  /// Whether spans could not be recorded: every recurring event is then a candidate.
  var spansUnavailable = false

  private init(
    index: EventIndex?, zones: @escaping ZoneLookup, sources: [CalendarSource],
    readNames: [String], states: [String: CalendarStatus.State], notices: [String]
  ) {
    self.index = index
    self.zones = zones
    self.sources = sources
    self.readNames = readNames
    self.states = states
    self.notices = notices
  }

  /// Opens the index at `cachePath` and brings it up to date with `sources`.
  ///
  /// A calendar whose path cannot be used, a file that cannot be read: named in `statuses()`
  /// (and `notices`), never an error. An index that cannot be kept at `cachePath` (a read-only
  /// folder) is kept in memory for this command, and said in `notices`.
  ///
  /// - Parameters:
  ///   - sources: The calendars, in the order `calendars` lists them.
  ///   - cachePath: The index file; nil keeps it in memory.
  ///   - zones: How a `TZID` is resolved.
  ///   - rescan: Stat every file of every folder, not only of the folders whose stamp
  ///     changed: for files another program edited in place.
  /// - Returns: The calendars, their index up to date.
  /// - Throws: `DatabaseError` only when not even an index in memory can be made.
  public static func open(
    sources: [CalendarSource], cachePath: String?, zones: @escaping ZoneLookup,
    rescan: Bool = false
  ) throws -> EventCalendars {
    guard !sources.isEmpty else {
      return EventCalendars(
        index: nil, zones: zones, sources: [], readNames: [], states: [:], notices: [])
    }
    var notices: [String] = []
    let index: EventIndex
    do {
      guard let cachePath else { throw CalendarsError.noCachePath }
      index = try EventIndex.open(path: cachePath)
    } catch {
      notices.append("the events index cannot be kept (\(error)): reading the calendars anew")
      index = try EventIndex.open(path: ":memory:")
    }
    var scan = CalendarScan(index: index, zones: zones)
    var states: [String: CalendarStatus.State] = [:]
    var readNames: [String] = []
    // The calendars the index holds, with their stamps, read as it was opened: when every
    // calendar's stamp is the one recorded (the common case: nothing was synced since the
    // last command), nothing is written and no write lock is taken.
    let recorded = index.stampsWhenOpened
    let indexedNames = recorded.map(\.name)
    // The folders and files reached so far, by device and inode (a handful: an array, not a
    // hashed set, whose first use costs a process more than the look-ups it saves).
    var reached: [(device: Int, inode: Int, name: String)] = []
    for source in sources {
      let target = CalendarScan.target(source.path)
      var key: (device: Int, inode: Int)?
      switch target {
      case .folder(let stamp), .file(let stamp): key = (stamp.device, stamp.inode)
      case .unusable(let reason): states[source.name] = .unusable(reason)
      }
      if let key,
        let first = reached.first(where: { $0.device == key.device && $0.inode == key.inode })
      {
        states[source.name] = .sameAs(first.name)
        if indexedNames.contains(source.name) { try index.removeCalendar(source.name) }
        continue
      }
      if let key { reached.append((key.device, key.inode, source.name)) }
      let unchanged =
        !rescan
        && recorded.contains { known in
          known.name == source.name && known.path == source.path
            && CalendarScan.isUnchanged(target, since: known.stamp)
        }
      if !unchanged {
        try index.batch { try scan.update(source, target: target, rescan: rescan) }
      }
      if key != nil {
        states[source.name] = .read
        readNames.append(source.name)
      }
    }
    for (name, reason) in scan.unlistable {
      states[name] = .unusable(reason)
      notices.append("\(name): \(reason)")
    }
    for name in indexedNames where !sources.contains(where: { $0.name == name }) {
      try index.removeCalendar(name)
    }
    let calendars = EventCalendars(
      index: index, zones: zones, sources: sources, readNames: readNames, states: states,
      notices: notices + scan.notices)
    try calendars.expandNewEvents(scan.addedRecurring)
    return calendars
  }

  /// What `calendars` lists: each calendar, in the order named.
  public func statuses() throws -> [CalendarStatus] {
    guard let index else { return [] }
    return try sources.map { source in
      let counts = try index.counts(of: source.name)
      let files = try index.files(of: source.name)
      return CalendarStatus(
        source: source, state: states[source.name] ?? .read, files: counts.files,
        events: counts.events, recurring: counts.recurring,
        unreadable: files.compactMap { file in file.failure.map { (file.path, $0) } },
        problems: files.filter { !$0.problems.isEmpty }.map { ($0.path, $0.problems) },
        duplicateUIDs: try index.duplicateUIDs(of: source.name))
    }
  }
}

/// Why the calendars cannot be opened.
enum CalendarsError: Error, CustomStringConvertible {
  /// Neither `$XDG_CACHE_HOME` nor `$HOME` is an absolute path.
  case noCachePath

  var description: String {
    switch self {
    case .noCachePath: return "neither XDG_CACHE_HOME nor HOME names a folder to keep it in"
    }
  }
}
