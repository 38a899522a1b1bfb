public import CalendarPaging
internal import NoteModel

/// The uid of a record that has none, derived from its content: importing the same uid-less
/// file twice finds each note again, and two identical records stay two notes.
///
/// The uid is the version 5 UUID (`UUIDv5`), in `ContentUID.namespace`, of the UTF-8 name
///
///     YYYY-MM-DD LF N LF BODY
///
/// where `YYYY-MM-DD` is the record's day, `N` its occurrence number in decimal (1 for the first
/// uid-less record of the input with that day and body, 2 for the second, …) and `BODY` its
/// body's bytes. Records that carry a uid are not counted.
///
/// The assigner keeps one 64-bit fingerprint per distinct day and body (8 to 16 bytes each:
/// measured, 10^6 uid-less records, 10% of them repeats, add 24 MiB to the peak RSS, while
/// the table last doubles); a fingerprint collision between two different records
/// (odds about 1 in 3·10^7 at 10^6 records) gives the second one occurrence 2 instead of 1,
/// which is still a uid of its own.
///
/// ```swift
/// var assigner = ContentUID()
/// let uid = assigner.uid(day: day, body: body)
/// ```
public struct ContentUID {
  /// The namespace of derived uids: the version 5 UUID of the URL `calpager:content-uid` in the
  /// RFC's URL namespace, `74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b`.
  public static let namespace: [UInt8] = UUIDv5.bytes(of: "74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b")!

  private var occurrences = OccurrenceCounter()

  /// An assigner that has seen no record yet: use one per input.
  public init() {}

  /// The uid of the next uid-less record with `day` and `body` (UTF-8).
  ///
  /// - Complexity: O(*n*) in the size of the body.
  public mutating func uid(day: Day, body: UnsafeBufferPointer<UInt8>) -> String {
    let key = Fingerprint.of(body, seed: UInt64(bitPattern: Int64(day.dayNumber)))
    return Self.uid(day: day, body: body, occurrence: occurrences.next(key))
  }

  /// The uid of the next uid-less record with `day` and `body`.
  public mutating func uid(day: Day, body: String) -> String {
    var body = body
    return body.withUTF8 { uid(day: day, body: $0) }
  }

  /// The uid of the `occurrence`-th (1-based) uid-less record with `day` and `body`.
  public static func uid(day: Day, body: UnsafeBufferPointer<UInt8>, occurrence: Int) -> String {
    var name: [UInt8] = []
    name.reserveCapacity(body.count + 16)
    day.appendISO(to: &name)
    name.append(0x0A)
    name.append(contentsOf: String(occurrence).utf8)
    name.append(0x0A)
    name.append(contentsOf: body)
    return name.withUnsafeBufferPointer { UUIDv5.string(namespace: namespace, name: $0) }
  }

  /// The uid of the copy a sync keeps of the losing side of a conflict: the version 5 UUID, in
  /// `namespace`, of `conflict LF UID LF FINGERPRINT` (a uid holds no line break, and no
  /// record name starts with `conflict`), so a rerun of the same sync makes the same uid.
  public static func conflictCopy(of uid: String, fingerprint: String) -> String {
    UUIDv5.string(namespace: namespace, name: "conflict\n" + uid + "\n" + fingerprint)
  }

  /// The new uid of a note whose uid another item of a vdir already has (an event): the
  /// version 5 UUID, in `namespace`, of `unique LF UID`, so that a rerun gives the same one.
  public static func unique(from uid: String) -> String {
    UUIDv5.string(namespace: namespace, name: "unique\n" + uid)
  }
}
