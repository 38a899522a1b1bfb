import Glibc
import Interchange
import NoteStore
import Recurrence

/// Brings the index of one calendar up to date with its folder or file.
///
/// Freshness costs one stat of the calendar's path: vdirsyncer, khal and `calpager sync` write
/// by rename, which changes the folder's modification time. Only when that stamp changed (or
/// with `rescan`, for files edited in place) is the folder listed and each file stat-ed; then
/// a changed file is read again alone, a removed one forgotten, a new one read.
struct CalendarScan {
  let index: EventIndex
  let zones: ZoneLookup
  /// Lines for stderr: files first seen failing.
  var notices: [String] = []
  /// The rows of the recurring events read, to expand over the months already expanded.
  var addedRecurring: [Int] = []
  /// The calendars whose folder could not be listed, with the reason (their events stay as
  /// last read).
  var unlistable: [String: String] = [:]

  /// The largest file read; a larger one is named, not read.
  static let largestFile = 32 << 20

  /// What a stat of the calendar path found.
  enum Target {
    case folder(PathStamp)
    case file(PathStamp)
    case unusable(String)
  }

  /// Stats `path` (following symbolic links).
  static func target(_ path: String) -> Target {
    var info = stat()
    guard stat(path, &info) == 0 else {
      switch errno {
      case ENOENT: return .unusable("the path does not exist")
      case ELOOP: return .unusable("a loop of symbolic links")
      default: return .unusable(String(cString: strerror(errno)))
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder(PathStamp(info, isFolder: true))
    case S_IFREG: return .file(PathStamp(info, isFolder: false))
    default: return .unusable("neither a folder nor a file")
    }
  }

  /// Whether a calendar whose path stat-ed as `target` is as it was when `recorded` was kept:
  /// the same folder or file, not modified since (a folder's size says nothing, a file's
  /// changes with its times).
  static func isUnchanged(_ target: Target, since recorded: PathStamp) -> Bool {
    switch target {
    case .folder(let stamp), .file(let stamp): return isUnchanged(stamp, since: recorded)
    case .unusable: return false
    }
  }

  /// Whether a folder or file of stamp `stamp` is the one of `recorded`, not modified since.
  static func isUnchanged(_ stamp: PathStamp, since recorded: PathStamp) -> Bool {
    stamp.device == recorded.device && stamp.inode == recorded.inode
      && stamp.modified == recorded.modified && stamp.changed == recorded.changed
  }

  /// Updates calendar `source`, whose path stat-ed as `target`, then works out again whether
  /// the events whose `UID`s its changed files held, hold or cancel show.
  mutating func update(_ source: CalendarSource, target: Target, rescan: Bool) throws {
    let recorded = try index.calendarStamp(source.name)
    if case .unusable = target {
      if recorded != nil { try index.removeCalendar(source.name) }
      return
    }
    if !rescan, let recorded, recorded.path == source.path,
      Self.isUnchanged(target, since: recorded.stamp)
    {
      return
    }
    if let recorded, recorded.path != source.path { try index.removeCalendar(source.name) }
    var touched = TouchedUIDs()
    switch target {
    case .unusable: return
    case .file(let stamp):
      let known = try index.fileStamps(of: source.name)
      for file in known where file.path != source.path {
        touched.add(try index.removeFile(calendar: source.name, path: file.path))
      }
      let file = known.first { $0.path == source.path }
      touched.fresh = file == nil
      try updateFile(
        source.name, path: source.path, stamp: stamp,
        known: file.map { ($0.stamp, $0.failure) }, touched: &touched)
      try index.setCalendarStamp(source.name, path: source.path, stamp: stamp)
    case .folder(let stamp):
      guard let listing = Self.list(source.path) else {
        unlistable[source.name] = "the folder cannot be listed: \(String(cString: strerror(errno)))"
        return
      }
      // A folder of thousands is listed when one file in it changed: the files known are
      // paired with the listing by inode first (an integer's hash), and only those whose
      // path or stamp is not the listed one's are made strings and paired by path.
      var byInode = [Int: Int](minimumCapacity: listing.count)
      var listedStamps = [PathStamp](repeating: .unknown, count: listing.count)
      for at in listing.indices {
        if case .file(let stamp) = listing[at].entry {
          byInode[stamp.inode] = at
          listedStamps[at] = stamp
        }
      }
      var unchanged = [Bool](repeating: false, count: listing.count)
      var anyKnown = false
      var known: [(path: String, stamp: PathStamp, failure: String?)] = []
      try index.forEachFileStamp(of: source.name) { path, stamp, failure in
        anyKnown = true
        if failure == nil, let at = byInode[stamp.inode], !unchanged[at],
          Self.isSameVersion(listedStamps[at], stamp), Self.isPath(listing[at].path, path)
        {
          unchanged[at] = true
          return
        }
        known.append((String(decoding: path, as: UTF8.self), stamp, failure))
      }
      touched.fresh = !anyKnown
      var place = [String: Int](minimumCapacity: known.count)
      for at in listing.indices where !unchanged[at] { place[listing[at].path] = at }
      var knownAt = [Int?](repeating: nil, count: listing.count)
      for (at, file) in known.enumerated() {
        if let listed = place[file.path] {
          knownAt[listed] = at
        } else {
          touched.add(try index.removeFile(calendar: source.name, path: file.path))
        }
      }
      let changed = listing.indices.filter { at in
        guard !unchanged[at] else { return false }
        guard let old = knownAt[at].map({ known[$0] }) else { return true }
        switch listing[at].entry {
        case .failure(let reason): return old.failure != reason
        case .file(let fileStamp): return !Self.isSameVersion(fileStamp, old.stamp)
        }
      }
      for at in changed.sorted(by: { Self.precedes(listing[$0].path, listing[$1].path) }) {
        let (path, entry) = listing[at]
        let file = knownAt[at].map { (known[$0].stamp, known[$0].failure) }
        switch entry {
        case .failure(let reason):
          notices.append("\(source.name): cannot read '\(path)': \(reason)")
          try index.markFailing(
            calendar: source.name, path: path,
            stamp: .unknown,
            reason: reason)
        case .file(let fileStamp):
          try updateFile(
            source.name, path: path, stamp: fileStamp, known: file, touched: &touched)
        }
      }
      try index.setCalendarStamp(source.name, path: source.path, stamp: stamp)
    }
    try index.refreshShown(calendar: source.name, uids: touched.needingRefresh)
  }

  /// The `UID`s whose showing a calendar's update may have changed.
  ///
  /// A calendar read for the first time (no file of it known) has no event hidden yet, and
  /// one of its `UID`s can only be hidden by a twin or a cancel of it read in this update: only
  /// those are worked out (ten thousand files read are not ten thousand look-ups).
  struct TouchedUIDs {
    /// Whether no file of the calendar was known before this update.
    var fresh = false
    private var uids: [String] = []

    mutating func add(_ more: [String]) { uids += more }

    var needingRefresh: [String] {
      guard fresh else { return uids }
      var seen: Set<String> = []
      var again: Set<String> = []
      for uid in uids where !seen.insert(uid).inserted { again.insert(uid) }
      return uids.filter { again.contains($0) }
    }
  }

  /// Whether `path` is the path of bytes `bytes`.
  static func isPath(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var path = path
    return path.withUTF8 { own in
      own.count == bytes.count
        && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
    }
  }

  /// Whether path `left` comes before `right` in the order of their bytes: the order files are
  /// read in, and SQLite's (`BINARY`).
  static func precedes(_ left: String, _ right: String) -> Bool {
    left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  /// Whether a file stat-ed as `stamp` is the version recorded as `recorded`: the same inode,
  /// size and times (a folder's device is not recorded per file).
  static func isSameVersion(_ stamp: PathStamp, _ recorded: PathStamp) -> Bool {
    stamp.inode == recorded.inode && stamp.size == recorded.size
      && stamp.modified == recorded.modified && stamp.changed == recorded.changed
  }

  /// Reads the file `path` again unless its stamp is the one recorded (`known`).
  private mutating func updateFile(
    _ calendar: String, path: String, stamp: PathStamp,
    known: (stamp: PathStamp, failure: String?)?, touched: inout TouchedUIDs
  ) throws {
    if let known, Self.isSameVersion(stamp, known.stamp) { return }
    switch Self.read(path) {
    case .failure(let reason):
      try fail(calendar, path: path, stamp: stamp, reason: reason, known: known?.failure)
    case .success(let bytes):
      let file: EventFile
      do {
        file = try ICalendarEvents.read(bytes, zones: zones)
      } catch {
        try fail(
          calendar, path: path, stamp: stamp, reason: "not iCalendar: \(error.description)",
          known: known?.failure)
        return
      }
      var problems = file.problems.map(\.description)
      var records: [EventRecord] = []
      for event in file.events {
        let extent = event.series.extent(userZone: FixedOffsetZone.utc)
        problems += extent.notices.map { "the event '\(event.series.uid)': \($0.description)" }
        // All-day and floating times move with the user's zone, at most a day either way.
        let firstStart = extent.earliestStart.map { Self.sum($0, -2 * 86_400) } ?? EventIndex.never
        let lastEnd =
          extent.earliestStart == nil
          ? EventIndex.never : extent.latestEnd.map { Self.sum($0, 2 * 86_400) }
        // An event that does not recur has its occurrences kept now; a recurring one's are
        // kept a month at a time, as pages ask for them.
        let occurrences =
          event.recurs
          ? []
          : event.series.occurrences(
            overlapping: Int.min / 2..<Int.max / 2, userZone: FixedOffsetZone.utc
          ).occurrences.map { StoredOccurrence($0) }
        records.append(
          EventRecord(
            uid: event.series.uid, recurs: event.recurs, firstStart: firstStart,
            lastEnd: lastEnd, text: event.text, occurrences: occurrences,
            months: event.series.monthsOfYear))
      }
      let replaced = try index.replaceFile(
        calendar: calendar, path: path, stamp: stamp, events: records,
        cancelledUIDs: file.cancelledUIDs,
        cancelledInstances: file.cancelledInstances.map(StoredCancel.init), problems: problems)
      addedRecurring += replaced.recurring
      touched.add(replaced.touched)
    }
  }

  /// Records that the file `path` fails to read (`reason`); `known` is how it failed before
  /// (nil: it read, or was never seen).
  private mutating func fail(
    _ calendar: String, path: String, stamp: PathStamp, reason: String, known: String??
  ) throws {
    if known != .some(reason) {
      notices.append(
        "\(calendar): cannot read '\(path)': \(reason)"
          + (known.map { $0 == nil ? " (its last readable version is shown)" : "" } ?? ""))
    }
    try index.markFailing(calendar: calendar, path: path, stamp: stamp, reason: reason)
  }

  static func sum(_ value: Int, _ other: Int) -> Int {
    let (result, overflow) = value.addingReportingOverflow(other)
    return overflow ? (other < 0 ? Int.min / 2 : Int.max / 2) : result
  }

  enum Entry {
    case file(PathStamp)
    case failure(String)
  }

  /// The `.ics` entries of folder `path` (hidden ones left out: a sync's temporary files),
  /// each with its stamp or why it cannot be read, in the folder's order; nil (and `errno`)
  /// when the folder cannot be listed.
  static func list(_ path: String) -> [(path: String, entry: Entry)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    // Each entry's path is made once from the folder's bytes and its name's, and it is
    // stat-ed by the name's bytes: a folder of thousands is listed when one file changed.
    var full = Array((path.hasSuffix("/") ? path : path + "/").utf8)
    let folderCount = full.count
    var entries: [(path: String, entry: Entry)] = []
    while let entry = readdir(directory) {
      let capacity = MemoryLayout.size(ofValue: entry.pointee.d_name)
      let listed = withUnsafePointer(to: &entry.pointee.d_name) { tuple -> (String, Entry)? in
        tuple.withMemoryRebound(to: CChar.self, capacity: capacity) { name in
          let count = strlen(name)
          let bytes = UnsafeRawBufferPointer(start: name, count: count)
          guard count > 4, bytes[0] != UInt8(ascii: "."),
            bytes[(count - 4)...].elementsEqual(".ics".utf8)
          else { return nil }
          guard let listed = Self.entry(descriptor, name) else { return nil }
          full.replaceSubrange(folderCount..., with: bytes)
          return (String(decoding: full, as: UTF8.self), listed)
        }
      }
      if let listed { entries.append(listed) }
    }
    return entries
  }

  /// The entry `name` of the folder open as `descriptor`: its stamp, or why it cannot be
  /// read; nil when it is gone (removed since the folder was read).
  private static func entry(_ descriptor: Int32, _ name: UnsafePointer<CChar>) -> Entry? {
    var info = stat()
    guard fstatat(descriptor, name, &info, 0) == 0 else {
      let error = errno
      if error == ENOENT {
        // A dangling link: named, as a file that cannot be read.
        var linkInfo = stat()
        let isLink = fstatat(descriptor, name, &linkInfo, AT_SYMLINK_NOFOLLOW) == 0
        return isLink ? .failure("a symbolic link to nothing") : nil
      }
      return .failure(
        error == ELOOP ? "a loop of symbolic links" : String(cString: strerror(error)))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure("not a regular file") }
    return .file(PathStamp(info, isFolder: false))
  }

  enum ReadResult {
    case success([UInt8])
    case failure(String)
  }

  /// The bytes of the file `path`, or why they cannot be had.
  static func read(_ path: String) -> ReadResult {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return .failure(String(cString: strerror(errno))) }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else { return .failure(String(cString: strerror(errno))) }
    guard Int(info.st_size) <= largestFile else {
      return .failure("larger than \(largestFile >> 20) MiB")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress!, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(String(cString: strerror(errno)))
      }
      bytes += buffer[..<count]
      if bytes.count > largestFile { return .failure("larger than \(largestFile >> 20) MiB") }
    }
    return .success(bytes)
  }
}
