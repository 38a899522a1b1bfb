internal import CalendarPaging
package import Interchange
package import NoteModel

/// The properties the fuzz targets check, shared with the tests that replay what the fuzzers
/// found.
///
/// A check returns the properties the input breaks, as sentences, rather than trapping: a fuzz
/// target traps on them (`trap(on:)`, so that libFuzzer keeps the input), and a test expects
/// none through the test framework, which then names the input and every property it broke.
package enum FuzzCheck {
  /// Traps with the first of `failures`, if any: how a fuzz target reports a finding.
  package static func trap(on failures: [String]) {
    if let first = failures.first {
      preconditionFailure(failures.count == 1 ? first : "\(first) (and \(failures.count - 1) more)")
    }
  }

  /// Decodes `data` as `format` and returns the checks that fail, none when all hold: decoding
  /// whole and in 3-byte chunks gives the same records, report and error, and every record
  /// that decodes, encoded again (as `jsonl` for `jrnl`, which has no encoder) and decoded,
  /// gives itself back, and the same bytes when encoded once more.
  package static func failures(decoding data: UnsafeBufferPointer<UInt8>, as format: Format)
    -> [String]
  {
    var failures = FuzzFailures()
    let bytes = Array(data)
    let whole = decode(bytes, format: format, chunkSize: .max)
    let chunked = decode(bytes, format: format, chunkSize: 3)
    failures.expect(whole.notes == chunked.notes, "chunked decoding gave other notes")
    failures.expect(whole.error == chunked.error, "chunked decoding gave another error")
    failures.expect(whole.report == chunked.report, "chunked decoding gave another report")
    let encoding = format.isExportable ? format : .jsonl
    for note in whole.notes {
      failures.expect(note.uid != nil, "a decoded note has no uid")
      failures.expect(
        note.body.unicodeScalars.contains { !$0.properties.isWhitespace },
        "a decoded note has no text")
      let original = placeholderNote(note)
      let encoded = NoteEncoder.encode([original], format: encoding, zone: zone)
      let again = decode(encoded, format: encoding, chunkSize: .max)
      guard again.error == nil, again.notes.count == 1 else {
        failures.expect(
          again.error == nil, "re-encoded note does not decode: \(again.error ?? "")")
        failures.expect(
          again.notes.count == 1, "re-encoded note decodes to \(again.notes.count)")
        continue
      }
      var roundTripped = placeholderNote(again.notes[0])
      if encoding == .ics {
        // An ics record keeps its journal in a calendar of the file's; the export keeps only
        // the journal, so the stored item is compared through the bytes written.
        roundTripped.ical = original.ical
      }
      failures.expect(roundTripped == original, "round trip changed the note")
      failures.expect(
        NoteEncoder.encode([placeholderNote(again.notes[0])], format: encoding, zone: zone)
          == encoded,
        "second encoding differs")
    }
    return failures.sentences
  }

  /// The zone the checks read and write in: one hour east of UTC, so that a UTC time's local
  /// date is not its own.
  static let zone = LocalZone.fixed(offsetSeconds: 3600)

  /// A decoded note as an encoder takes it: the earliest time stands for a time the record
  /// did not give (it decodes back to the same placeholder).
  package static func placeholderNote(_ note: DecodedNote) -> Note {
    Note(
      uid: note.uid ?? "", day: note.day, body: note.body,
      created: note.created ?? .earliest, updated: note.updated ?? .earliest, ical: note.ical)
  }

  private static func decode(_ bytes: [UInt8], format: Format, chunkSize: Int) -> (
    notes: [DecodedNote], error: String?, report: ImportReport
  ) {
    var notes: [DecodedNote] = []
    var decoder: NoteDecoder<ByteArraySource>?
    do {
      decoder = try NoteDecoder(
        format: format, source: ByteArraySource(bytes, chunkSize: chunkSize), zone: zone)
      while let note = try decoder!.next() { notes.append(note) }
      return (notes, nil, decoder!.report)
    } catch {
      return (notes, "\(error)", decoder?.report ?? ImportReport())
    }
  }
}
