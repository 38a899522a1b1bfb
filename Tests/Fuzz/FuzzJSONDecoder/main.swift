import FuzzSupport
import Interchange

/// libFuzzer entry: arbitrary bytes decoded as `json` never crash, decode the same in chunks,
/// and every note that decodes survives encoding and decoding again (`FuzzCheck`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzCheck.trap(
    on: FuzzCheck.failures(decoding: UnsafeBufferPointer(start: data, count: size), as: .json))
  return 0
}
