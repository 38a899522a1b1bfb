internal import CFileSystem
import Glibc
import Recurrence

/// Which state of an events index something was made from: the file (its device and inode)
/// and its change counter, which SQLite increments with every commit that writes.
package struct IndexVersion: Sendable, Hashable {
  package var device: Int
  package var inode: Int
  package var changeCounter: Int
}

/// What a page reads of the kept occurrences, from the index or from month files: the same
/// rows, in the same order.
package protocol KeptOccurrences {
  /// See `EventIndex.occurrences(mayOverlap:calendars:recurring:long:times:_:)`.
  func occurrences(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    times: (_ start: OccurrenceTime, _ end: OccurrenceTime) -> Bool,
    _ body: (IndexedOccurrence) -> Bool
  ) throws

  /// See `EventIndex.occurrenceTimes(mayOverlap:calendars:recurring:long:_:)`.
  func occurrenceTimes(
    mayOverlap window: Range<Int>, calendars names: [String], recurring: Bool, long: Bool,
    _ body: (_ start: StoredTime, _ end: StoredTime) -> Bool
  ) throws
}

extension EventIndex: KeptOccurrences {}

/// One expanded month of the index, kept as a plain file beside it: what a page of that month
/// reads without opening the index (opening an SQLite file parses its whole schema, the
/// larger part of what a page of events costs).
///
/// It holds the index's version it was made from and the calendars' stamps recorded in that
/// version (a page reads it only while the index is still that version and no calendar's
/// stamp changed), and every kept occurrence that shows whose bounds meet the month's window,
/// whole. It is a cache of a cache: written after the index answered a page of its month,
/// replaced by renaming, never synced to disk, readable by its owner alone; one that is
/// damaged, of another version or missing is passed over, and the index answers.
///
/// The layout is words of 8 bytes (little-endian): a header, the calendars, the rows' calendar
/// names, the rows (the short ones in the order of the index's key, then the long ones by
/// `low` and `high`), then the text they point into (offset in the high half of a word,
/// length in the low; -1 for none).
package struct KeptMonthFile {
  /// The month key (`year * 12 + month - 1`).
  package let month: Int
  package let version: IndexVersion
  /// How many calendars the index recorded in that version (`calendarIs`, `calendarStamp`).
  package let calendarCount: Int
  /// The file's bytes.
  private let bytes: [UInt8]
  /// The rows' calendar names, by their number in a row.
  private let names: [String]
  /// How many rows, and how many of them (the first) are not long.
  package let rowCount: Int
  let shortCount: Int
  /// Where the rows and the text start, in bytes.
  private let rowsStart: Int
  private let textStart: Int

  /// The first word of every month file: "CCAPKM01".
  static let magic = Int(bitPattern: 0x3130_4D4B_5041_4343)
  private static let headerWords = 9
  private static let calendarWords = 6
  private static let rowWords = 17
  /// The largest file read: a month of a busy calendar is a few hundred kilobytes.
  private static let largestFile = 1 << 26

  // MARK: - Writing

  /// The file of month `month` in `folder`: one of 64, a month's slot.
  package static func path(folder: String, month: Int) -> String {
    let slot = ((month % 64) + 64) % 64
    return folder + "/m" + (slot < 10 ? "0" : "") + String(slot)
  }

  /// Writes `bytes` as the file of `month` in `folder` (made, mode 0700, when missing).
  ///
  /// Written beside it with mode 0600 and renamed over it, so that a reader sees the old file
  /// or the new one whole. False when it could not be written (a cache: nothing is said).
  @discardableResult
  package static func write(_ bytes: [UInt8], folder: String, month: Int) -> Bool {
    if mkdir(folder, 0o700) != 0 && errno != EEXIST { return false }
    let target = path(folder: folder, month: month)
    let temporary = target + "." + String(getpid()) + ".tmp"
    unlink(temporary)
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else { return false }
    let written = bytes.withUnsafeBytes { cfs_write_all(file, $0.baseAddress, $0.count) == 0 }
    let closed = close(file) == 0
    guard written, closed, rename(temporary, target) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  /// Removes the month files of `folder` (an index made anew: none of them is of it).
  package static func removeAll(folder: String) {
    for slot in 0..<64 { unlink(path(folder: folder, month: slot)) }
  }

  // MARK: - Reading

  /// The file of `month` in `folder`; nil when there is none, or it is another month's or
  /// damaged.
  package static func read(folder: String, month: Int) -> KeptMonthFile? {
    let file = open(path(folder: folder, month: month), O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, info.st_size > 0, info.st_size <= largestFile else {
      return nil
    }
    let size = Int(info.st_size)
    var complete = true
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let read = Glibc.read(file, buffer.baseAddress! + count, size - count)
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else {
          complete = false
          break
        }
        count += read
      }
    }
    guard complete, let kept = KeptMonthFile(bytes: bytes), kept.month == month else {
      return nil
    }
    return kept
  }

  /// The month file `bytes`; nil when they are not one whole (every count, reference and
  /// kind is checked: nothing read later can fall outside them).
  package init?(bytes: [UInt8]) {
    let size = bytes.count
    guard size >= Self.headerWords * 8 else { return nil }
    func word(_ at: Int) -> Int { Self.word(at, of: bytes) }
    let calendarCount = word(5)
    let nameCount = word(6)
    let rowCount = word(7)
    let shortCount = word(8)
    guard word(0) == Self.magic, (0..<4096).contains(calendarCount),
      (0...64).contains(nameCount), (0...size / (Self.rowWords * 8)).contains(rowCount),
      (0...rowCount).contains(shortCount)
    else { return nil }
    let rowsWord = Self.headerWords + calendarCount * Self.calendarWords + nameCount
    let textStart = (rowsWord + rowCount * Self.rowWords) * 8
    guard textStart <= size else { return nil }
    let textSize = size - textStart
    func isText(_ reference: Int) -> Bool {
      reference >= 0 && (reference >> 32) + (reference & 0xFFFF_FFFF) <= textSize
    }
    for number in 0..<calendarCount {
      let at = Self.headerWords + number * Self.calendarWords
      guard isText(word(at)), isText(word(at + 1)) else { return nil }
    }
    var names: [String] = []
    for number in 0..<nameCount {
      let reference = word(rowsWord - nameCount + number)
      guard isText(reference) else { return nil }
      names.append(Self.text(reference, of: bytes, textStart: textStart))
    }
    for row in 0..<rowCount {
      let at = rowsWord + row * Self.rowWords
      func isKind(_ value: Int) -> Bool { StoredTime.Kind(rawValue: value) != nil }
      guard isKind(word(at + 4)), isKind(word(at + 6)),
        word(at + 8) == -1 || isKind(word(at + 8)), (0..<nameCount).contains(word(at + 11)),
        isText(word(at + 12)),
        (13..<17).allSatisfy({ word(at + $0) == -1 || isText(word(at + $0)) })
      else { return nil }
    }
    self.bytes = bytes
    self.month = word(1)
    self.version = IndexVersion(device: word(2), inode: word(3), changeCounter: word(4))
    self.calendarCount = calendarCount
    self.names = names
    self.rowCount = rowCount
    self.shortCount = shortCount
    self.rowsStart = rowsWord * 8
    self.textStart = textStart
  }

  /// Word `at` of `bytes`.
  private static func word(_ at: Int, of bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes {
      Int(Int64(littleEndian: $0.loadUnaligned(fromByteOffset: at * 8, as: Int64.self)))
    }
  }

  /// The text `reference` points to.
  private static func text(_ reference: Int, of bytes: [UInt8], textStart: Int) -> String {
    let start = textStart + (reference >> 32)
    return bytes.withUnsafeBufferPointer {
      String(decoding: $0[start..<start + (reference & 0xFFFF_FFFF)], as: UTF8.self)
    }
  }

  /// Whether recorded calendar `number` is named `name` with path `path`.
  package func calendarIs(_ number: Int, name: String, path: String) -> Bool {
    let at = Self.headerWords + number * Self.calendarWords
    func equals(_ reference: Int, _ value: String) -> Bool {
      let start = textStart + (reference >> 32)
      return bytes.withUnsafeBufferPointer {
        $0[start..<start + (reference & 0xFFFF_FFFF)].elementsEqual(value.utf8)
      }
    }
    return equals(Self.word(at, of: bytes), name) && equals(Self.word(at + 1, of: bytes), path)
  }

  /// The stamp recorded for calendar `number`.
  package func calendarStamp(_ number: Int) -> PathStamp {
    let at = Self.headerWords + number * Self.calendarWords
    return PathStamp(
      device: Self.word(at + 2, of: bytes), inode: Self.word(at + 3, of: bytes), size: 0,
      modified: Self.word(at + 4, of: bytes), changed: Self.word(at + 5, of: bytes))
  }

  /// Word `field` of row `row`.
  func field(_ row: Int, _ field: Int) -> Int {
    Self.word(rowsStart / 8 + row * Self.rowWords + field, of: bytes)
  }

  /// How many calendar names the rows have (at most 64: `namesShown` holds one bit each).
  var nameCount: Int { names.count }

  /// Calendar name `number`.
  func name(_ number: Int) -> String { names[number] }

  /// The number of row `row`'s calendar name.
  func nameNumber(_ row: Int) -> Int { field(row, 11) }

  /// Row `row`'s calendar name.
  func calendar(_ row: Int) -> String { names[field(row, 11)] }

  /// Row `row`'s start and end.
  func times(_ row: Int) -> (start: StoredTime, end: StoredTime) {
    (
      StoredTime(kind: StoredTime.Kind(rawValue: field(row, 4))!, value: field(row, 5)),
      StoredTime(kind: StoredTime.Kind(rawValue: field(row, 6))!, value: field(row, 7))
    )
  }

  /// Row `row` as a page reads it; nil when its times are numbers no time has (as the
  /// index's query passes such a row over).
  func occurrence(_ row: Int) -> IndexedOccurrence? {
    let times = times(row)
    guard let start = times.start.occurrenceTime, let end = times.end.occurrenceTime else {
      return nil
    }
    let ridKind = field(row, 8)
    let flags = field(row, 10)
    func text(_ field: Int) -> String? {
      let reference = self.field(row, field)
      return reference == -1 ? nil : Self.text(reference, of: bytes, textStart: textStart)
    }
    let recurrenceID =
      ridKind == -1
      ? nil
      : StoredTime(kind: StoredTime.Kind(rawValue: ridKind)!, value: field(row, 9)).occurrenceTime
    return IndexedOccurrence(
      calendar: calendar(row), uid: text(12) ?? "", isStale: flags & 1 != 0,
      occurrence: Occurrence(
        start: start, end: end, recurrenceID: recurrenceID,
        fields: EventFields(
          summary: text(13), location: text(14), description: text(15),
          status: text(16).map { EventStatus(parsing: $0) }),
        isOverride: flags & 2 != 0))
  }
}

/// A month file being made from the index's rows, in the file's order.
struct KeptMonthFileWriter {
  /// The rows' words.
  private var rows: [Int] = []
  private var text: [UInt8] = []
  /// The rows' calendar names, by number.
  private var names: [String] = []
  private var rowCount = 0
  private var shortCount = 0

  /// Appends the row `row` of the query `EventIndex.monthFileColumns` names, the short rows
  /// first in key order, then the long ones by `low`, `high` and key; false when it is of a
  /// 65th calendar (a file holds 64 at most).
  mutating func append(_ row: Statement, isLong: Bool) -> Bool {
    let known = row.withBytes(at: 4) { bytes in names.firstIndex { $0.utf8.elementsEqual(bytes) } }
    let number: Int
    if let known {
      number = known
    } else {
      guard names.count < 64 else { return false }
      names.append(row.string(at: 4))
      number = names.count - 1
    }
    let ridKind = row.optionalInt(at: 11)
    rows += [
      row.int(at: 0), row.int(at: 1), row.int(at: 2), row.int(at: 3), row.int(at: 7),
      row.int(at: 8), row.int(at: 9), row.int(at: 10), ridKind ?? -1,
      ridKind == nil ? 0 : row.int(at: 12),
      (row.int(at: 6) != 0 ? 1 : 0) | (row.int(at: 13) != 0 ? 2 : 0), number,
      reference(row, 5), reference(row, 14), reference(row, 15), reference(row, 16),
      reference(row, 17),
    ]
    rowCount += 1
    if !isLong { shortCount += 1 }
    return true
  }

  /// The text of column `column` of `row` added, as a reference to it (-1 for NULL).
  private mutating func reference(_ row: Statement, _ column: Int32) -> Int {
    row.withOptionalBytes(at: column) { bytes in
      guard let bytes else { return -1 }
      let offset = text.count
      text.append(contentsOf: bytes)
      return offset << 32 | bytes.count
    }
  }

  /// The file: month `month` of the index's `version`, whose recorded calendars are
  /// `calendars`.
  func bytes(
    month: Int, version: IndexVersion, calendars: [(name: String, path: String, stamp: PathStamp)]
  ) -> [UInt8] {
    var text = self.text
    func reference(_ value: String) -> Int {
      let offset = text.count
      text.append(contentsOf: value.utf8)
      return offset << 32 | (text.count - offset)
    }
    var words = [
      KeptMonthFile.magic, month, version.device, version.inode, version.changeCounter,
      calendars.count, names.count, rowCount, shortCount,
    ]
    for calendar in calendars {
      words += [
        reference(calendar.name), reference(calendar.path), calendar.stamp.device,
        calendar.stamp.inode, calendar.stamp.modified, calendar.stamp.changed,
      ]
    }
    words += names.map { reference($0) }
    words += rows
    var bytes: [UInt8] = []
    bytes.reserveCapacity(words.count * 8 + text.count)
    for word in words {
      withUnsafeBytes(of: Int64(word).littleEndian) { bytes.append(contentsOf: $0) }
    }
    return bytes + text
  }
}
