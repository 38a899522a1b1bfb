import Synchronization

/// Finds the zone a `TZID` names, in the order issue 22 gives: the calendar file's own
/// `VTIMEZONE`, else an IANA name in the system's tz database, else a Windows name (CLDR's
/// mapping to an IANA name); nil when none knows it, and the caller then reads the time as
/// floating and names the `TZID`.
///
/// Pure: the files of the tz database come from `readFile`, a closure given a path
/// (`/usr/share/zoneinfo/Europe/Berlin`) that returns its bytes or nil; the command line
/// passes one that reads the file system. The zones of the tz database are read once per
/// name and kept, also the names that resolve to nothing, so one resolver serves every
/// calendar of a run. Names are checked before any file is read: no `..` component, no
/// leading `/`, only the characters tz database names use.
///
/// ```swift
/// let resolver = ZoneResolver(readFile: ZoneFiles.read)
/// let berlin = resolver.zone(forTZID: "W. Europe Standard Time")
/// ```
public final class ZoneResolver: Sendable {
  /// Reads the file at a path, nil when it cannot.
  public typealias FileReader = @Sendable (_ path: String) -> [UInt8]?

  /// The folder of the tz database, without a trailing `/`.
  public let zoneDirectory: String
  let readFile: FileReader
  let cache = Mutex(Cache())

  /// A zone of the cache, or the knowledge that a name has none.
  struct CachedZone: Sendable {
    let zone: (any ZoneRules)?
  }

  /// What a name was looked up as: a `TZID` (with its prefixes and Windows names) or a name
  /// of the tz database.
  enum LookupKind {
    case tzid
    case name
  }

  /// The zones found so far, by kind and name: no key is made by joining strings.
  struct Cache {
    var tzids: [String: CachedZone] = [:]
    var names: [String: CachedZone] = [:]

    subscript(kind: LookupKind, name: String) -> CachedZone? {
      get { kind == .tzid ? tzids[name] : names[name] }
      set {
        switch kind {
        case .tzid: tzids[name] = newValue
        case .name: names[name] = newValue
        }
      }
    }

    /// Forgets every zone of `kind` once there are 4096 of them: a bound on memory.
    mutating func makeRoom(_ kind: LookupKind) {
      switch kind {
      case .tzid: if tzids.count >= 4096 { tzids.removeAll() }
      case .name: if names.count >= 4096 { names.removeAll() }
      }
    }
  }

  /// A resolver reading the tz database in `zoneDirectory` through `readFile`.
  public init(zoneDirectory: String = "/usr/share/zoneinfo", readFile: @escaping FileReader) {
    self.zoneDirectory = zoneDirectory
    self.readFile = readFile
  }

  /// The zone `tzid` names: `calendarZones[tzid]` (the file's `VTIMEZONE`s by `TZID`), else
  /// the tz database's zone of that name, else that of the Windows name; nil when none.
  ///
  /// Also read: a `TZID` in double quotes (as a quoted parameter value keeps it), and the
  /// prefixed names of Mozilla and other generators (`/mozilla.org/20050126_1/Europe/Berlin`,
  /// `/softwarestudio.org/Olson_20011030_5/America/New_York`): their last components that
  /// name a zone.
  public func zone(forTZID tzid: String, calendarZones: [String: any ZoneRules] = [:])
    -> (any ZoneRules)?
  {
    if !calendarZones.isEmpty, let own = calendarZones[tzid] { return own }
    // Only a name that starts or ends with a space or a quote has anything to take off.
    func isTrimmed(_ byte: UInt8?) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
    }
    var name = tzid
    if isTrimmed(tzid.utf8.first) || isTrimmed(tzid.utf8.last) {
      var trimmed = Substring(tzid).drop { $0 == " " }
      while trimmed.last == " " { trimmed = trimmed.dropLast() }
      if trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" {
        trimmed = trimmed.dropFirst().dropLast()
      }
      name = String(trimmed)
      if !calendarZones.isEmpty, let own = calendarZones[name] { return own }
    }
    return cached(.tzid, name) { name in
      if let zone = self.databaseZone(named: name) { return zone }
      if let iana = WindowsZones.ianaName(forWindowsName: name) {
        return self.databaseZone(named: iana)
      }
      guard name.hasPrefix("/") else { return nil }
      // A generator's prefix: try the name with fewer and fewer leading components.
      let components = name.split(separator: "/")
      for count in stride(from: components.count - 1, through: 1, by: -1) {
        let suffix = components.suffix(count).joined(separator: "/")
        if let zone = self.databaseZone(named: suffix) { return zone }
      }
      return nil
    }
  }

  /// The zone of the tz database named `name` (`Europe/Berlin`), nil when the name is not
  /// one a tz database uses or its file cannot be read as TZif.
  public func systemZone(named name: String) -> (any ZoneRules)? {
    cached(.name, name) { name in self.databaseZone(named: name) }
  }

  /// The cached zone of `name` looked up as `kind`, made by `make` (given the name) the first
  /// time.
  func cached(_ kind: LookupKind, _ name: String, make: (String) -> (any ZoneRules)?)
    -> (any ZoneRules)?
  {
    if let hit = cache.withLock({ $0[kind, name] }) { return hit.zone }
    let zone = make(name)
    cache.withLock {
      $0.makeRoom(kind)
      $0[kind, name] = CachedZone(zone: zone)
    }
    return zone
  }

  /// Reads `name` from the tz database, uncached.
  func databaseZone(named name: String) -> (any ZoneRules)? {
    guard Self.isZoneName(name), let bytes = readFile(zoneDirectory + "/" + name) else {
      return nil
    }
    return try? TZifZone(bytes: bytes)
  }

  /// Whether `name` can be a tz database name: 1…255 bytes of letters, digits and
  /// `/ _ - + .`, neither starting with `/` nor holding a `.` or `..` component.
  public static func isZoneName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard (1...255).contains(bytes.count), bytes.first != UInt8(ascii: "/") else { return false }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"),
        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
        continue
      default: return false
      }
    }
    return !name.split(separator: "/", omittingEmptySubsequences: false).contains {
      $0.isEmpty || $0 == "." || $0 == ".."
    }
  }

  /// The user's zone from `$TZ` (`tz`), as glibc reads it: unset, the system's
  /// (`/etc/localtime`, else UTC); empty, UTC; `:NAME` or `NAME`, the tz database's zone (a
  /// `:` path starting with `/` names a file); else a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`);
  /// UTC when it is none of these.
  ///
  /// - Parameters:
  ///   - tz: `$TZ`, nil when unset.
  ///   - zoneDirectory: The folder of the tz database.
  ///   - readFile: Reads the file at a path, nil when it cannot.
  /// - Returns: The zone; UTC when `tz` names none.
  public static func userZone(
    tz: String?, zoneDirectory: String = "/usr/share/zoneinfo",
    readFile: (_ path: String) -> [UInt8]?
  ) -> any ZoneRules {
    func zone(atPath path: String) -> (any ZoneRules)? {
      readFile(path).flatMap { try? TZifZone(bytes: $0) }
    }
    guard let tz else { return zone(atPath: "/etc/localtime") ?? FixedOffsetZone.utc }
    var name = Substring(tz)
    let colon = name.first == ":"
    if colon { name = name.dropFirst() }
    guard !name.isEmpty else { return FixedOffsetZone.utc }
    if name.first == "/" { return zone(atPath: String(name)) ?? FixedOffsetZone.utc }
    // (`String(name)`: a `Substring` appended to a path would go through the generic
    // sequence append, whose first use costs a process a run-time conformance look-up.)
    let zoneName = String(name)
    if isZoneName(zoneName), let found = zone(atPath: zoneDirectory + "/" + zoneName) {
      return found
    }
    if !colon, let rule = try? PosixZone(parsing: name) { return rule }
    return FixedOffsetZone.utc
  }
}
