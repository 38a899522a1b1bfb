/// The property the fuzz targets check, shared with the regression tests that replay what the
/// fuzzers found.
package enum FuzzCheck {
  /// Decodes `data` as `format` and traps when a check fails: decoding whole and in 3-byte
  /// chunks gives the same records and the same error, and every record that decodes, encoded
  /// again and decoded, gives itself back.
  package static func check(_ data: UnsafeBufferPointer<UInt8>, format: Format) {
    let bytes = Array(data)
    let whole = decode(bytes, format: format, chunkSize: .max)
    let chunked = decode(bytes, format: format, chunkSize: 3)
    precondition(whole.notes == chunked.notes, "chunked decoding gave other notes")
    precondition(whole.error == chunked.error, "chunked decoding gave another error")
    for note in whole.notes {
      let original = placeholderNote(note)
      let encoded = NoteEncoder.encode([original], format: format)
      let again = decode(encoded, format: format, chunkSize: .max)
      precondition(again.error == nil, "re-encoded note does not decode: \(again.error!)")
      precondition(again.notes.count == 1, "re-encoded note decodes to \(again.notes.count)")
      precondition(placeholderNote(again.notes[0]) == original, "round trip changed the note")
      precondition(
        NoteEncoder.encode([placeholderNote(again.notes[0])], format: format) == encoded,
        "second encoding differs")
    }
  }

  /// A decoded note as an encoder takes it: an empty uid and the earliest time stand for what
  /// the record did not give (they decode back to the same placeholders).
  package static func placeholderNote(_ note: DecodedNote) -> Note {
    Note(
      uid: note.uid ?? "", day: note.day, body: note.body,
      created: note.created ?? .earliest, updated: note.updated ?? .earliest)
  }

  private static func decode(_ bytes: [UInt8], format: Format, chunkSize: Int) -> (
    notes: [DecodedNote], error: String?
  ) {
    var notes: [DecodedNote] = []
    do {
      var decoder = try NoteDecoder(
        format: format, source: ByteArraySource(bytes, chunkSize: chunkSize))
      while let note = try decoder.next() { notes.append(note) }
      return (notes, nil)
    } catch {
      return (notes, "\(error)")
    }
  }
}
