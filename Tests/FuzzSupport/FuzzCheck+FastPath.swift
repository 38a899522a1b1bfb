internal import Interchange
internal import NoteModel

extension FuzzCheck {
  /// Decodes `data` as `ics` with the decoder's fast path (`ICSOwnJournal`) and without it
  /// (every journal through the component tree) and returns the checks that fail: the same
  /// notes, with the same stored items, the same report and the same error.
  package static func fastPathFailures(_ data: UnsafeBufferPointer<UInt8>) -> [String] {
    var failures = FuzzFailures()
    let fast = decodeICS(Array(data), fastPath: true)
    let general = decodeICS(Array(data), fastPath: false)
    failures.expect(fast.notes == general.notes, "the fast path gave other notes")
    failures.expect(fast.report == general.report, "the fast path gave another report")
    failures.expect(fast.error == general.error, "the fast path gave another error")
    return failures.sentences
  }

  private static func decodeICS(_ bytes: [UInt8], fastPath: Bool) -> (
    notes: [DecodedNote], report: ImportReport, error: String?
  ) {
    var notes: [DecodedNote] = []
    var decoder: NoteDecoder<ByteArraySource>?
    do {
      decoder = try NoteDecoder(
        format: .ics, source: ByteArraySource(bytes), zone: zone, fastPath: fastPath)
      while let note = try decoder!.next() { notes.append(note) }
      return (notes, decoder!.report, nil)
    } catch {
      return (notes, decoder?.report ?? ImportReport(), "\(error)")
    }
  }
}
