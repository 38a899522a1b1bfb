/// The text that kill commands deleted (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace), newest
/// last, for Ctrl-Y to yank back and Alt-Y to rotate through, as in Emacs and readline.
///
/// Kills in a row make one entry: a kill forward adds to its end, a kill backward to its start,
/// so Ctrl-W pressed three times yanks back as the three words it deleted. The ring keeps the
/// last `capacity` entries.
package struct KillRing: Sendable {
  /// The entries, oldest first.
  package private(set) var entries: [String] = []
  /// The most entries kept.
  package static let capacity = 32

  /// An empty ring.
  package init() {}

  /// Records `text` as killed: a new entry, or, when `joining` (the kill right before was one
  /// too), added to the newest entry, after it when `forward`, before it otherwise.
  package mutating func add(_ text: String, joining: Bool, forward: Bool) {
    guard !text.isEmpty else { return }
    if joining, let last = entries.last {
      entries[entries.count - 1] = forward ? last + text : text + last
      return
    }
    entries.append(text)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
  }

  /// The entry `offset` places back from the newest (0 is the newest), wrapping around; nil
  /// when the ring is empty.
  package func entry(back offset: Int) -> String? {
    guard !entries.isEmpty else { return nil }
    let count = entries.count
    return entries[count - 1 - ((offset % count) + count) % count]
  }
}
