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
  /// The index, once opened (`index`); nil when there are no calendars (a page then costs
  /// nothing more), or while its opening is put off.
  private var openedIndex: EventIndex?
  /// Where the index is to be opened, while its opening is put off (`deferOpening`).
  private(set) var pendingOpen: String?
  let zones: ZoneLookup
  /// The calendars, in the order named.
  public let sources: [CalendarSource]
  /// The names of the calendars read (a folder reached twice is read under its first name).
  private(set) var readNames: [String]
  private(set) var states: [String: CalendarStatus.State]
  /// The notices of the index's opening so far (`notices` opens it first).
  private var openingNotices: [String] = []
  /// Told each notice when the index is brought up to date, whenever that is.
  private let report: (([String]) -> Void)?
  /// Whether this process wrote to the index: month files are then left to the next.
  var hasWritten = false
  /// The month files pages read before the index is opened, and those to write once it is.
  var monthFiles: MonthFiles?
  /// How many pages' snapshots were read from month files, and from the index.
  package internal(set) var pagesFromFiles = 0
  package internal(set) var pagesFromIndex = 0
  /// The series parsed from the index, by row: a browse session asks for the same days again.
  var parseCache: [Int: [EventSeries]] = [:]
  /// The instance cancels by calendar and `UID`, read when a page first expands an event.
  var instanceCancels: [[String]: [StoredCancel]]?
  /// Whether spans could not be recorded: every recurring event is then a candidate.
  var spansUnavailable = false

  private init(
    zones: @escaping ZoneLookup, sources: [CalendarSource], report: (([String]) -> Void)?
  ) {
    self.zones = zones
    self.sources = sources
    self.report = report
    readNames = []
    states = [:]
  }

  /// The index, up to date with the calendars: opened the first time a query needs it when
  /// the opening was put off (`deferOpening`).
  var index: EventIndex? {
    if let path = pendingOpen {
      pendingOpen = nil
      // Failing now, the index shows nothing, as `open` would have thrown (an index in memory
      // that cannot be made).
      try? openIndex(cachePath: path, rescan: false)
    }
    return openedIndex
  }

  /// One line each, for stderr: the files seen failing for the first time in this update
  /// (the index is brought up to date first, if it was not yet).
  public var notices: [String] {
    _ = index
    return openingNotices
  }

  /// Opens the index at `cachePath` and brings it up to date with `sources`.
  ///
  /// A calendar whose path cannot be used, a file that cannot be read: named in `statuses()`
  /// (and `notices`), never an error. An index that cannot be kept at `cachePath` (a read-only
  /// folder) is kept in memory for this command, and said in `notices`.
  ///
  /// The opening is put off when the index file is there and every calendar's path can be
  /// used: pages of months whose month files (`KeptMonthFile`) hold the index's version, of
  /// calendars unchanged since, are read from those, and the index is opened only by a query
  /// they cannot answer.
  ///
  /// - Parameters:
  ///   - sources: The calendars, in the order `calendars` lists them.
  ///   - cachePath: The index file; nil keeps it in memory.
  ///   - zones: How a `TZID` is resolved.
  ///   - rescan: Stat every file of every folder, not only of the folders whose stamp
  ///     changed: for files another program edited in place.
  ///   - report: Told the notices of bringing the index up to date, when it is.
  /// - Returns: The calendars, their index up to date (or to be brought up to date first).
  /// - Throws: `DatabaseError` only when not even an index in memory can be made.
  public static func open(
    sources: [CalendarSource], cachePath: String?, zones: @escaping ZoneLookup,
    rescan: Bool = false, report: (([String]) -> Void)? = nil
  ) throws -> EventCalendars {
    let calendars = EventCalendars(zones: zones, sources: sources, report: report)
    guard !sources.isEmpty else { return calendars }
    if !rescan, let cachePath, calendars.deferOpening(cachePath) { return calendars }
    try calendars.openIndex(cachePath: cachePath, rescan: rescan)
    return calendars
  }

  /// Puts off opening the index at `cachePath`, when it is there (of this schema, no write
  /// under way) and every calendar's path can be used; false when it cannot be put off.
  ///
  /// The calendars are stat-ed as the opening would, and read under the same names.
  private func deferOpening(_ cachePath: String) -> Bool {
    guard let version = EventIndex.version(ofFileAt: cachePath) else { return false }
    // (`reached` a list of Int, not of tuples: a list of tuples costs a process the run-time
    // making of its type, more than these look-ups.)
    var reached: [Int] = []
    var stamps: [PathStamp] = []
    for place in sources.indices {
      let source = sources[place]
      let target = CalendarScan.target(source.path)
      switch target {
      case .folder(let stamp), .file(let stamp):
        guard Self.firstReaching(stamp, in: reached) == nil else { continue }
        reached += [stamp.device, stamp.inode, place]
        readNames.append(source.name)
        stamps.append(stamp)
      case .unusable: return false
      }
    }
    monthFiles = MonthFiles(
      folder: EventIndex.monthFolder(ofIndexAt: cachePath), version: version, stamps: stamps)
    pendingOpen = cachePath
    return true
  }

  /// The place in `sources` of the calendar that reached the folder or file of `stamp` first,
  /// among `reached` (device, inode and place, for each reached so far); nil when none did.
  private static func firstReaching(_ stamp: PathStamp, in reached: [Int]) -> Int? {
    stride(from: 0, to: reached.count, by: 3).first {
      reached[$0] == stamp.device && reached[$0 + 1] == stamp.inode
    }.map { reached[$0 + 2] }
  }

  /// Opens the index at `cachePath` and brings it up to date (`open`).
  private func openIndex(cachePath: String?, rescan: Bool) throws {
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
    states = [:]
    readNames = []
    // The calendars the index holds, with their stamps, read as it was opened: when every
    // calendar's stamp is the one recorded (the common case: nothing was synced since the
    // last command), nothing is written and no write lock is taken.
    let recorded = index.stampsWhenOpened
    let indexedNames = recorded.map(\.name)
    // The folders and files reached so far, by device and inode (a handful: a list, not a
    // hashed set, whose first use costs a process more than the look-ups it saves).
    var reached: [Int] = []
    for place in sources.indices {
      let source = sources[place]
      let target = CalendarScan.target(source.path)
      var key: PathStamp?
      switch target {
      case .folder(let stamp), .file(let stamp): key = stamp
      case .unusable(let reason): states[source.name] = .unusable(reason)
      }
      if let key {
        if let first = Self.firstReaching(key, in: reached) {
          states[source.name] = .sameAs(sources[first].name)
          if indexedNames.contains(source.name) {
            try index.removeCalendar(source.name)
            hasWritten = true
          }
          continue
        }
        reached += [key.device, key.inode, place]
      }
      let unchanged =
        !rescan
        && recorded.contains { known in
          known.name == source.name && known.path == source.path
            && CalendarScan.isUnchanged(target, since: known.stamp)
        }
      if !unchanged {
        try index.batch { try scan.update(source, target: target, rescan: rescan) }
        hasWritten = true
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
      hasWritten = true
    }
    openedIndex = index
    openingNotices = notices + scan.notices
    if !scan.addedRecurring.isEmpty { hasWritten = true }
    try expandNewEvents(scan.addedRecurring)
    if !openingNotices.isEmpty { report?(openingNotices) }
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
