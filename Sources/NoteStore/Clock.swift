import Glibc

/// The wall clock, read through `clock_gettime`.
public enum Clock {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public static func nowMilliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}
