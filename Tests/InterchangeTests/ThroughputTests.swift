import CalendarPaging
import Foundation
import Interchange
import NoteModel
import TestSupport
import Testing

/// A quick in-process measurement of the encoders and decoders.
///
/// It prints figures and never fails on timing, so it runs only when asked for:
/// `CALPAGER_THROUGHPUT=200000 swift test -c release --filter Throughput` gives meaningful
/// numbers (the variable is the count of notes; not a number, 3,000).
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["CALPAGER_THROUGHPUT"] != nil,
    "a measurement, run when asked: CALPAGER_THROUGHPUT=200000 swift test -c release --filter Throughput"
  ))
struct ThroughputTests {
  static let count = Int(ProcessInfo.processInfo.environment["CALPAGER_THROUGHPUT"] ?? "") ?? 3000

  /// The formats measured: all, or those `CALPAGER_THROUGHPUT_FORMATS` names (`ics,jsonl`).
  static let selected: Set<Format>? = ProcessInfo.processInfo.environment[
    "CALPAGER_THROUGHPUT_FORMATS"
  ].map { Set($0.split(separator: ",").compactMap { Format(rawValue: String($0)) }) }

  /// Rows as a store would hand them over: uid and body bytes in one contiguous block, like
  /// `sqlite3_column_text`, bodies of about 70 bytes with quotes, backslashes, tabs, line
  /// breaks and non-ASCII text (as the benchmark's generated notes are).
  struct Rows {
    var bytes: [UInt8] = []
    var rows: [(uid: Range<Int>, body: Range<Int>, day: Day, created: Timestamp)] = []

    init(count: Int) {
      var random = SplitMix64(seed: 42)
      func next() -> UInt64 { random.next() }
      let words = [
        "lunch", "with", "Ana", "at", "the", "café", "日本", "🙂", "\"quoted\"", "back\\slash",
        "tab\there", "line\nbreak", "meeting", "about", "the", "budget,", "then;", "call",
      ]
      let firstDay = Day(year: 1950, month: 1, day: 1)!.dayNumber
      for index in 0..<count {
        let uidStart = bytes.count
        bytes += Array("note-\(index)-\(next() % 1_000_000)@calpager".utf8)
        let bodyStart = bytes.count
        let wordCount = 6 + Int(next() % 14)
        for position in 0..<wordCount {
          if position > 0 { bytes.append(0x20) }
          bytes += Array(words[Int(next() % UInt64(words.count))].utf8)
        }
        let day = Day(dayNumber: firstDay + index * 36_525 / count)!
        let created = Timestamp(
          millisecondsSinceEpoch: day.dayNumber * 86_400_000 + Int(next() % 86_400_000))!
        rows.append((uidStart..<bodyStart, bodyStart..<bytes.count, day, created))
      }
    }
  }

  static let rows = Rows(count: count)

  /// The best of five timings of `body`, in seconds (the machine is shared: the best run is
  /// the closest to what the code costs).
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
      let start = ContinuousClock.now
      try body()
      let elapsed = ContinuousClock.now - start
      best = min(
        best,
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
  }

  /// Encodes every row through `NoteFields` into a buffer flushed (dropped) past 64 KiB;
  /// returns the bytes written and the whole output when `keep` is true.
  static func encode(_ format: Format, keep: Bool) -> (bytes: Int, output: [UInt8]) {
    var encoder = NoteEncoder(format: format)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(80_000)
    var kept: [UInt8] = []
    var total = 0
    func flush() {
      total += buffer.count
      if keep { kept += buffer }
      buffer.removeAll(keepingCapacity: true)
    }
    encoder.header(into: &buffer)
    rows.bytes.withUnsafeBufferPointer { all in
      for row in rows.rows {
        let fields = NoteFields(
          uid: UnsafeBufferPointer(rebasing: all[row.uid]), day: row.day,
          body: UnsafeBufferPointer(rebasing: all[row.body]), created: row.created,
          updated: row.created)
        encoder.append(fields, into: &buffer)
        if buffer.count >= 65_536 { flush() }
      }
    }
    encoder.footer(into: &buffer)
    flush()
    return (total, kept)
  }

  @Test(arguments: Format.exportable)
  func encoderThroughput(format: Format) {
    guard Self.selected?.contains(format) ?? true else { return }
    var bytes = 0
    let seconds = Self.seconds { bytes = Self.encode(format, keep: false).bytes }
    print(
      "throughput: encode \(format) \(Self.count) notes, \(bytes) bytes: "
        + "\(Int(Double(bytes) / seconds / 1e6)) MB/s, \(Int(Double(Self.count) / seconds)) notes/s"
    )
    #expect(bytes > Self.count * 50)
  }

  @Test(arguments: [Format.jsonl, .json, .csv, .ics])
  func decoderThroughput(format: Format) throws {
    guard Self.selected?.contains(format) ?? true else { return }
    let input = Self.encode(format, keep: true).output
    var decoded = 0
    let seconds = try Self.seconds {
      decoded = 0
      var decoder = try NoteDecoder(
        format: format, source: ByteArraySource(input, chunkSize: 65_536))
      while try decoder.next() != nil { decoded += 1 }
    }
    print(
      "throughput: decode \(format) \(Self.count) notes, \(input.count) bytes: "
        + "\(Int(Double(decoded) / seconds)) notes/s, \(Int(Double(input.count) / seconds / 1e6)) MB/s"
    )
    #expect(decoded == Self.count)
  }
}
