import Glibc

/// Reads keys from a terminal in raw mode, waiting with `poll(2)` so that the loop also wakes
/// on a timeout (to look for other processes' changes every second) and when a signal arrived
/// (`wakeDescriptor`, from `TerminalMode`).
///
/// ```swift
/// let keys = KeyReader(wakeDescriptor: terminal.wakeDescriptor)
/// switch keys.next(timeoutMilliseconds: 1000) {
/// case .key(let key): …
/// case .wake: … terminal.takeEvents() …
/// case .timeout: …
/// case .end: …   // the terminal is gone
/// }
/// ```
package final class KeyReader {
  /// What `next` returns.
  package enum Event: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The wake descriptor is readable: its owner has news (and must drain it, or every
    /// call returns `.wake` at once).
    case wake
    /// The timeout passed without a key.
    case timeout
    /// The input ended or failed (the terminal hung up).
    case end
  }

  /// The descriptor keys are read from.
  package let descriptor: Int32
  /// A descriptor whose readability also ends the wait, or nil.
  package let wakeDescriptor: Int32?
  /// How long an ESC waits for the rest of a sequence before it counts as the Escape key.
  package let escapeTimeoutMilliseconds: Int
  private var decoder = KeyDecoder()
  private var readBuffer = [UInt8](repeating: 0, count: 256)

  /// A reader of `descriptor` that also wakes for `wakeDescriptor`.
  ///
  /// The escape timeout is 50 ms: long enough for a sequence split over a slow link (a key's
  /// bytes come in one write from a local terminal or tmux), short enough that Escape feels
  /// immediate.
  package init(
    descriptor: Int32 = 0, wakeDescriptor: Int32? = nil, escapeTimeoutMilliseconds: Int = 50
  ) {
    self.descriptor = descriptor
    self.wakeDescriptor = wakeDescriptor
    self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
  }

  /// The next key, or another event: waits at most `timeoutMilliseconds` (nil: forever).
  ///
  /// Keys already decoded come first; the wake descriptor is looked at before reading more.
  package func next(timeoutMilliseconds: Int?) -> Event {
    let deadline = timeoutMilliseconds.map { Self.now() + $0 }
    while true {
      if let key = decoder.next() { return .key(key) }
      let remaining = deadline.map { max($0 - Self.now(), 0) }
      // An unfinished sequence waits only the escape timeout for its rest; a paste waits for
      // its end marker as long as the caller waits (its text never turns into keys).
      let waitsForSequence = decoder.isPending && !decoder.isPasting
      let wait =
        waitsForSequence ? min(escapeTimeoutMilliseconds, remaining ?? Int.max) : remaining
      switch poll(milliseconds: wait) {
      case .wake:
        return .wake
      case .input:
        let count = readBuffer.withUnsafeMutableBytes {
          read(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        guard count > 0 else { return .end }
        decoder.append(readBuffer[..<count])
      case .hangUp:
        return .end
      case .interrupted:
        continue
      case .timeout:
        if waitsForSequence {
          if let key = decoder.flush() { return .key(key) }
          // A dropped partial sequence: keep waiting for the rest of the timeout.
          if let remaining, remaining <= escapeTimeoutMilliseconds { return .timeout }
          continue
        }
        return .timeout
      }
    }
  }

  private enum PollResult {
    case input
    case wake
    case hangUp
    case interrupted
    case timeout
  }

  private func poll(milliseconds: Int?) -> PollResult {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    if let wakeDescriptor {
      descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
    }
    let timeout = milliseconds.map { Int32(clamping: $0) } ?? -1
    let count = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeout)
    if count < 0 { return errno == EINTR ? .interrupted : .hangUp }
    if count == 0 { return .timeout }
    if descriptors.count > 1, descriptors[1].revents & Int16(POLLIN) != 0 { return .wake }
    if descriptors[0].revents & Int16(POLLIN) != 0 { return .input }
    if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangUp }
    return .interrupted
  }

  /// Milliseconds on the monotonic clock.
  private static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}
