import CalendarPaging
import Foundation
import NoteModel
import TestSupport
import Testing

@testable import Interchange

/// The `ics` decoder's fast path (`ICSOwnJournal`, behind the component model) never changes
/// a result: every input read with it and without it (every journal through the component
/// tree) gives the same notes, with the same stored items, the same report and the same error.
@Suite struct ICSShortcutDifferentialTests {
  /// What a decoding gives: the notes, the report and the error's text.
  struct Outcome: Equatable {
    var notes: [DecodedNote] = []
    var report = ImportReport()
    var error: String?
  }

  static func decode(_ bytes: [UInt8], fastPath: Bool, limit: Int) -> Outcome {
    var outcome = Outcome()
    do {
      var decoder = try NoteDecoder(
        format: .ics, source: ByteArraySource(bytes, chunkSize: 509), maximumRecordSize: limit,
        zone: .fixed(offsetSeconds: 3600), fastPath: fastPath)
      defer { outcome.report = decoder.report }
      while let note = try decoder.next() { outcome.notes.append(note) }
    } catch {
      outcome.error = "\(error)"
    }
    return outcome
  }

  /// Decodes `input` both ways (with a limit that some inputs pass too) and compares.
  static func expectSameOutcome(_ input: [UInt8], _ label: String) {
    for limit in [NoteDecoder<ByteArraySource>.defaultMaximumRecordSize, 600] {
      let fast = decode(input, fastPath: true, limit: limit)
      let general = decode(input, fastPath: false, limit: limit)
      #expect(fast == general, "\(label), limit \(limit)")
    }
  }

  /// The checked-in corpora of the two iCalendar fuzz targets and what they found.
  static let corpus: [URL] = {
    let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz")
    return [
      "Corpus/FuzzICSDecoder", "Corpus/FuzzICalItem", "Findings/FuzzICSDecoder",
      "Findings/FuzzICalItem",
    ].flatMap { folder in
      let directory = fuzz.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.sorted().map { directory.appendingPathComponent($0) }
    }
  }()

  @Test func theCorpusReadsTheSameWithAndWithoutTheFastPath() throws {
    #expect(Self.corpus.count > 1000)
    for file in Self.corpus {
      Self.expectSameOutcome(try [UInt8](Data(contentsOf: file)), file.lastPathComponent)
    }
  }

  /// Exports calpager writes (its own journals, the older form, stored items), then the same
  /// with random damage: a line dropped, repeated, moved, upper- or lower-cased, given a
  /// parameter or a blank line, LF line ends, an override added, the input cut short.
  @Test func randomInputsReadTheSameWithAndWithoutTheFastPath() throws {
    var stored = TestCorpus.notes
    for index in stored.indices where index % 3 == 0 {
      stored[index].ical = String(
        decoding: ICalItem.render(
          Note(
            uid: stored[index].uid, day: stored[index].day, body: "from a phone",
            created: stored[index].created, updated: stored[index].updated),
          zone: .utc), as: UTF8.self
      ).replacingOccurrences(of: "PRODID:-//calpager//calpager//EN", with: "PRODID:-//Phone//EN")
    }
    let exports = [
      NoteEncoder.encode(TestCorpus.notes, format: .ics),
      NoteEncoder.encode(stored, format: .ics),
      OlderExportForm.export(TestCorpus.notes),
    ]
    var random = SplitMix64(seed: 19)
    var cases = 0
    for export in exports {
      Self.expectSameOutcome(export, "an export")
      let lines = String(decoding: export, as: UTF8.self).components(separatedBy: "\r\n")
      for _ in 0..<250 {
        let bytes = randomlyDamaged(
          lines, random: &random, parameter: ";X-P=1",
          nested: [
            "BEGIN:VJOURNAL", "UID:uid-1-plain@calpager", "RECURRENCE-ID;VALUE=DATE:00010102",
            "SUMMARY:moved", "END:VJOURNAL",
          ], bareLineEnds: 0.2)
        Self.expectSameOutcome(bytes, "case \(cases): \(String(decoding: bytes, as: UTF8.self))")
        cases += 1
      }
    }
    #expect(cases == 750)
  }
}
