import FuzzSupport

/// libFuzzer entry: arbitrary bytes read as one vdir item never crash; a parsed document gives
/// its bytes back; a note read from an item survives being written back unchanged and edited
/// (`FuzzCheck.failures(readingItem:)`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzCheck.trap(on: FuzzCheck.failures(readingItem: UnsafeBufferPointer(start: data, count: size)))
  return 0
}
