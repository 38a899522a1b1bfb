import CalendarPaging

/// libFuzzer entry: `Day(parsing:)` on arbitrary bytes must throw or return a day that
/// formats back to exactly the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let day = try? Day(parsing: text) {
    precondition(day.description == text, "round trip failed")
  }
  return 0
}
