/// The rules of one time zone: the offset from UTC in force at each instant, and the instant
/// of each wall-clock time.
///
/// Implemented by a zone read from the system's TZif files (with the POSIX rule of their
/// footer for instants past the last transition), by one built from an iCalendar
/// `VTIMEZONE`'s observances, and by a fixed offset (UTC). Pure: whoever reads files hands the
/// bytes in.
public protocol ZoneRules: Sendable {
  /// The offset from UTC, in seconds east of UTC, in force at `unixSeconds` (seconds since
  /// 1970-01-01T00:00:00Z).
  func utcOffset(at unixSeconds: Int) -> Int

  /// The instant, in seconds since 1970-01-01T00:00:00Z, of the wall-clock time `local` in
  /// this zone.
  ///
  /// A time that occurs twice (an overlap, when clocks go back) is the first of the two, at
  /// the offset in force before the change. A time that does not occur (a gap, when clocks go
  /// forward) is read with the offset in force before the gap, so it lands later by the
  /// length of the gap: 02:30 in a one-hour gap at 02:00 is 03:30 (RFC 5545 §3.3.5).
  func instant(of local: LocalDateTime) -> Int

  /// The zone's one offset, when it never changes (`FixedOffsetZone`); nil for a zone whose
  /// offset may change, the default.
  ///
  /// What the expander asks instead of a dynamic cast, which costs hundreds of instructions.
  var fixedOffset: Int? { get }
}

extension ZoneRules {
  /// Nil: the offset may change.
  public var fixedOffset: Int? { nil }
}

/// A zone at one fixed offset from UTC, which never changes: UTC itself, or a `TZOFFSETTO`
/// alone.
public struct FixedOffsetZone: ZoneRules, Hashable {
  /// Seconds east of UTC.
  public let offset: Int

  /// The zone `offset` seconds east of UTC, clamped to a day either way (no zone is further,
  /// and instants plus offsets must not overflow).
  public init(offset: Int) {
    self.offset = min(max(offset, -86_400), 86_400)
  }

  /// UTC.
  public static let utc = FixedOffsetZone(offset: 0)

  /// The offset, the same at every instant.
  public func utcOffset(at unixSeconds: Int) -> Int { offset }

  /// The wall-clock time less the offset: a fixed zone has no gaps or overlaps.
  public func instant(of local: LocalDateTime) -> Int { local.secondsSinceEpoch - offset }

  /// `offset`: it never changes.
  public var fixedOffset: Int? { offset }
}

extension ZoneRules {
  /// The wall-clock seconds (seconds since the epoch on this zone's clock) of `unixSeconds`,
  /// with both clamped first (`InstantBounds`, an offset within two days), so an instant from
  /// outside or a zone of another module answering nonsense cannot make the sum overflow.
  func wallSeconds(at unixSeconds: Int) -> Int {
    let instant = InstantBounds.clamp(unixSeconds)
    let offset = utcOffset(at: instant)
    return instant + min(max(offset, -InstantBounds.margin), InstantBounds.margin)
  }
}
