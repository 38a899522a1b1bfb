import CalendarPaging
import Glibc
import Recurrence

/// libFuzzer entry: rule text and a start in, instances out, checked against invariants that
/// do not trust the expander (`Check`): sorted, unique, inside the window and the calendar,
/// each matching the rule as an independent reading of RFC 5545 sees it, next and previous
/// agreeing with the window, bounded work per input.
///
/// Input: line 1 the `RRULE` value; line 2 the start (`20240501T090000`, `…Z`, `20240501`),
/// after an optional zone (`+0200 `, or `gap ` for a zone with a gap and an overlap);
/// further lines `EX:VALUE` (an `EXDATE`) or `RD:VALUE` (an `RDATE`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  var started = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &started)
  Check.run(text)
  var ended = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ended)
  let seconds =
    Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
  // Every query is bounded by its search budget: an input that takes seconds is a bug.
  precondition(seconds < 8, "one input took \(seconds) s of CPU")
  return 0
}
