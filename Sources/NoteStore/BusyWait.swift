internal import CSQLite
import Glibc

/// How a connection waits for another process's lock: short, jittered sleeps until a deadline.
///
/// SQLite's own `busy_timeout` sleeps longer and longer (up to 100 ms a time), so under
/// contention a waiting writer checks rarely while the others keep taking the lock, and it
/// can starve: with four processes each committing 500 writes on a loaded machine, some
/// waited out a 2 s timeout and all six retries. Checking every 0.5–2 ms keeps the odds even
/// between waiters, and a lock is normally held for about a millisecond.
final class BusyWait {
  /// How long one wait may last, in milliseconds.
  let timeoutMilliseconds: Int
  /// While true, a busy lock is answered at once, without waiting (a `.withoutWaiting` write).
  var isSuspended = false
  private var started: timespec?

  init(timeoutMilliseconds: Int) {
    self.timeoutMilliseconds = timeoutMilliseconds
  }

  /// Installs the handler on `connection`; `self` must outlive the connection's use of it.
  func install(on connection: OpaquePointer) {
    sqlite3_busy_handler(
      connection,
      { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        return wait.shouldRetry(afterAttempt: Int(count)) ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Whether to try again, after sleeping; SQLite counts the attempts of one wait from 0.
  func shouldRetry(afterAttempt count: Int) -> Bool {
    if isSuspended { return false }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    if count == 0 || started == nil { started = now }
    let start = started ?? now
    let elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
    guard elapsed < timeoutMilliseconds else { return false }
    usleep(UInt32.random(in: 500...2000))
    return true
  }
}
