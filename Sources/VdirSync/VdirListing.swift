import NoteStore

/// The item files of a vdir (its `*.ics` entries) with their stats, sorted by name as SQLite
/// sorts text (byte by byte), for a merge with the sync state read in the same order.
///
/// Names live in one byte buffer, entries take 40 bytes and the order 4: 10^5 items of
/// 40-byte names take about 8 MB.
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

  /// One entry: where its name is in `names`, its stat and kind (40 bytes).
  struct Entry {
    var nameStart: UInt32
    var nameCount: UInt16
    var kind: Kind
    var stat: FileStat
  }

  private var names: [UInt8] = []
  /// The entries in the order read.
  private var unsorted: [Entry] = []
  /// The positions in `unsorted` of the entries by name.
  private var order: [Int32] = []

  /// The number of entries.
  var count: Int { unsorted.count }

  /// Whether an entry is an item file (a regular file named `*.ics`).
  var hasItems: Bool { unsorted.contains { $0.kind == .file } }

  /// Adds an entry (in any order: `sort()` orders them).
  mutating func append(name: UnsafeBufferPointer<UInt8>, stat: FileStat, kind: Kind) {
    unsorted.append(
      Entry(
        nameStart: UInt32(names.count), nameCount: UInt16(name.count), kind: kind, stat: stat))
    names.append(contentsOf: name)
  }

  /// Sorts the entries by name, byte by byte (an index is sorted: the entries stay put).
  mutating func sort() {
    order = (0..<Int32(unsorted.count)).map { $0 }
    let entries = unsorted
    names.withUnsafeBufferPointer { buffer in
      order.sort { left, right in
        VdirListing.compare(
          VdirListing.name(of: entries[Int(left)], in: buffer),
          VdirListing.name(of: entries[Int(right)], in: buffer)) < 0
      }
    }
  }

  /// The entry `index` in name order.
  subscript(index: Int) -> Entry {
    unsorted[Int(order[index])]
  }

  /// The name of entry `index` (in name order).
  func name(at index: Int) -> String {
    names.withUnsafeBufferPointer { buffer in
      String(decoding: VdirListing.name(of: self[index], in: buffer), as: UTF8.self)
    }
  }

  private static func name(of entry: Entry, in buffer: UnsafeBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>
  {
    let start = Int(entry.nameStart)
    return UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.nameCount)])
  }

  /// Compares the name of entry `index` (in name order) with `name`: negative, zero or
  /// positive.
  func compareName(at index: Int, with name: String) -> Int {
    var name = name
    return names.withUnsafeBufferPointer { buffer in
      name.withUTF8 { other in
        VdirListing.compare(VdirListing.name(of: self[index], in: buffer), other)
      }
    }
  }

  /// Whether an entry has exactly `name`.
  ///
  /// - Complexity: O(log n).
  func contains(_ name: String) -> Bool {
    var low = 0
    var high = count
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
