import FuzzSupport
import Interchange

/// libFuzzer entry: arbitrary bytes decoded as `ics` never crash, decode the same in chunks,
/// and every note that decodes survives encoding and decoding again (`FuzzCheck`); and the
/// decoder's fast path (`ICSOwnJournal`) changes nothing: the same notes, report and error
/// with it as without it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  FuzzCheck.trap(
    on: FuzzCheck.failures(decoding: bytes, as: .ics) + FuzzCheck.fastPathFailures(bytes))
  return 0
}
