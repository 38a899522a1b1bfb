import CalendarPaging
import Interchange

/// The uids of one import's records that have none, derived from their content, so that
/// importing the same file twice finds each note again and two identical records stay two
/// notes.
///
/// A record's uid is the version 5 UUID, in the namespace `namespace`, of the UTF-8 name
/// `YYYY-MM-DD LF N LF BODY`: its day, its occurrence number among the uid-less records of
/// the input with that day and body (1 for the first), and its body. Occurrences are counted
/// by a 64-bit hash of the first occurrence's uid, about 40 bytes per distinct record; two
/// records whose hashes collide (odds about 1 in 10^7 at 10^6 records) number on from each
/// other, which still gives each a uid of its own, the same at every import.
struct DerivedUIDs {
  /// `74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b`: the version 5 UUID of the URL
  /// `calpager:content-uid` (the README gives it).
  static let namespace: [UInt8] = [
    0x74, 0xa4, 0x1d, 0x25, 0xdc, 0xd4, 0x55, 0x65, 0xae, 0xae, 0xfd, 0x4e, 0xa2, 0xf0, 0xbd, 0x6b,
  ]

  private var occurrences: [UInt64: Int] = [:]

  /// The uid of the next uid-less record with `day` and `body`.
  mutating func uid(day: Day, body: String) -> String {
    let first = DerivedUIDs.uid(day: day, body: body, occurrence: 1)
    // FNV-1a: a hash that is the same in every process (Hasher is seeded per process).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in first.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let occurrence = (occurrences[hash] ?? 0) + 1
    occurrences[hash] = occurrence
    return occurrence == 1 ? first : DerivedUIDs.uid(day: day, body: body, occurrence: occurrence)
  }

  /// The uid of the `occurrence`-th uid-less record with `day` and `body`.
  static func uid(day: Day, body: String, occurrence: Int) -> String {
    UUID5.make(namespace: namespace, name: Array("\(day)\n\(occurrence)\n\(body)".utf8))
  }
}
