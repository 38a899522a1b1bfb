import NoteStore

/// The item files of a vdir (its `*.ics` entries) with their stats, sorted by name as SQLite
/// sorts text (byte by byte), for a merge with the sync state read in the same order.
///
/// Names live in one byte buffer and entries are 40 bytes each: 10^5 items take about 8 MB.
struct VdirListing {
  /// What one directory entry is.
  enum Kind: UInt8 {
    /// A regular file: an item.
    case file
    /// Something else named `*.ics` (a directory, a link, a device): left alone.
    case other
    /// A name that is not UTF-8: left alone.
    case badName
  }

  struct Entry {
    var nameStart: Int
    var nameCount: Int
    var stat: FileStat
    var kind: Kind
  }

  private(set) var names: [UInt8] = []
  private(set) var entries: [Entry] = []

  /// The number of entries.
  var count: Int { entries.count }

  /// Adds an entry (in any order: `sort()` orders them).
  mutating func append(name: UnsafeBufferPointer<UInt8>, stat: FileStat, kind: Kind) {
    entries.append(Entry(nameStart: names.count, nameCount: name.count, stat: stat, kind: kind))
    names.append(contentsOf: name)
  }

  /// Sorts the entries by name, byte by byte.
  mutating func sort() {
    names.withUnsafeBufferPointer { buffer in
      entries.sort { left, right in
        VdirListing.compare(
          UnsafeBufferPointer(rebasing: buffer[left.nameStart..<left.nameStart + left.nameCount]),
          UnsafeBufferPointer(
            rebasing: buffer[right.nameStart..<right.nameStart + right.nameCount])) < 0
      }
    }
  }

  /// The name of entry `index`.
  func name(at index: Int) -> String {
    let entry = entries[index]
    return String(
      decoding: names[entry.nameStart..<entry.nameStart + entry.nameCount], as: UTF8.self)
  }

  /// Compares the name of entry `index` with `name`: negative, zero or positive.
  func compareName(at index: Int, with name: String) -> Int {
    let entry = entries[index]
    var name = name
    return names.withUnsafeBufferPointer { buffer in
      name.withUTF8 { other in
        VdirListing.compare(
          UnsafeBufferPointer(
            rebasing: buffer[entry.nameStart..<entry.nameStart + entry.nameCount]),
          other)
      }
    }
  }

  /// Whether an entry has exactly `name`.
  ///
  /// - Complexity: O(log n).
  func contains(_ name: String) -> Bool {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let order = compareName(at: middle, with: name)
      if order == 0 { return true }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return false
  }

  /// memcmp order, then length: SQLite's BINARY collation.
  static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let common = min(left.count, right.count)
    for index in 0..<common where left[index] != right[index] {
      return Int(left[index]) - Int(right[index])
    }
    return left.count - right.count
  }
}
