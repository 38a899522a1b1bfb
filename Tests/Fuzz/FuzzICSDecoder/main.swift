import Interchange

/// libFuzzer entry: arbitrary bytes decoded as `ics` never crash, decode the same in chunks,
/// and every note that decodes survives encoding and decoding again (`FuzzCheck`); and the
/// decoder's fast path (`ICSOwnJournal`) changes nothing: the same notes, report and error
/// with it as without it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  FuzzCheck.check(bytes, format: .ics)
  precondition(
    decode(Array(bytes), fastPath: true) == decode(Array(bytes), fastPath: false),
    "the fast path changed what the input reads as")
  return 0
}

/// The notes, report and error of `bytes` read as `ics`.
func decode(_ bytes: [UInt8], fastPath: Bool) -> ([DecodedNote], ImportReport, String?) {
  var notes: [DecodedNote] = []
  var decoder: NoteDecoder<ByteArraySource>?
  do {
    decoder = try NoteDecoder(
      format: .ics, source: ByteArraySource(bytes), zone: .fixed(offsetSeconds: 3600),
      fastPath: fastPath)
    while let note = try decoder!.next() { notes.append(note) }
    return (notes, decoder!.report, nil)
  } catch {
    return (notes, decoder?.report ?? ImportReport(), "\(error)")
  }
}
