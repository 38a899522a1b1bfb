import Interchange
import NoteModel

/// The file name of a note calpager adds to a vdir: its uid, made safe for a file name.
///
/// A uid made only of letters, digits and `_ . - + @` (the characters vdirsyncer itself
/// keeps), not starting with a dot and at most 200 bytes long, is the name as it is:
/// `0f8fad5b-d9cb-469f-a165-70867728950e.ics`. Any other uid has each other byte replaced by
/// `_`, is cut to 160 bytes and gets a hash of the whole uid, so that two uids never share a
/// name: `a_b_c-5f1c4b3a9d2e7f10.ics`. A name already taken in the vdir gets `-2`, `-3`… before
/// `.ics` (`candidates`).
enum ItemFileName {
  /// The bytes a name keeps as they are.
  static func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "_.-+@".utf8.contains(byte)
    }
  }

  /// The name for `uid`, without the suffix `.ics`.
  static func stem(for uid: String) -> String {
    let bytes = Array(uid.utf8)
    if !bytes.isEmpty, bytes.count <= 200, bytes.first != UInt8(ascii: "."),
      bytes.allSatisfy(isSafe)
    {
      return uid
    }
    var safe = bytes.prefix(160).map { isSafe($0) ? $0 : UInt8(ascii: "_") }
    if safe.first == UInt8(ascii: ".") { safe[0] = UInt8(ascii: "_") }
    let hash = bytes.withUnsafeBufferPointer { Fingerprint.of($0, seed: 0) }
    return String(decoding: safe, as: UTF8.self) + "-" + ItemFingerprint.hex(hash)
  }

  /// The names to try for `uid`, first choice first.
  static func candidates(for uid: String) -> some Sequence<String> {
    let stem = stem(for: uid)
    return (1...).lazy.map { $0 == 1 ? stem + ".ics" : stem + "-\($0).ics" }
  }
}

/// The fingerprint of an item file's bytes, as the sync state keeps it: 16 hex digits of a
/// 64-bit hash (`Fingerprint`, which never changes).
enum ItemFingerprint {
  /// The fingerprint of `bytes`.
  static func of(_ bytes: [UInt8]) -> String {
    hex(bytes.withUnsafeBufferPointer { Fingerprint.of($0, seed: 0x7664_6972) })
  }

  /// `value` as 16 lowercase hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
