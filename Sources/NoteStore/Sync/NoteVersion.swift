import NoteModel

/// A note's version: a 64-bit hash of all its fields (uid, day, body, times, stored item).
///
/// Stored in the sync state, so the function never changes (see `Fingerprint`).
enum NoteVersion {
  static func of(_ fields: NoteFields) -> Int64 {
    var hash = Fingerprint.of(fields.uid, seed: 0x6361_6C70_6167_6572)
    hash = Fingerprint.of(fields.body, seed: hash)
    // Little-endian, so that a version means the same on every machine.
    let numbers: [Int64] = [
      Int64(fields.day.dayNumber), Int64(fields.created.millisecondsSinceEpoch),
      Int64(fields.updated.millisecondsSinceEpoch), fields.ical == nil ? 0 : 1,
    ].map(\.littleEndian)
    hash = numbers.withUnsafeBytes { raw in
      Fingerprint.of(raw.bindMemory(to: UInt8.self), seed: hash)
    }
    if let ical = fields.ical { hash = Fingerprint.of(ical, seed: hash) }
    return Int64(bitPattern: hash)
  }
}
