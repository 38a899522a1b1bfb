import FuzzSupport
import Interchange

/// libFuzzer entry: arbitrary bytes read as one vdir item never crash; a parsed document gives
/// its bytes back; a note read from an item survives being written back unchanged and edited
/// (`FuzzCheck.checkItem`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzCheck.checkItem(UnsafeBufferPointer(start: data, count: size))
  return 0
}
