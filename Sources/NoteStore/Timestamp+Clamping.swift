import Interchange
import NoteModel

extension Timestamp {
  /// The timestamp `milliseconds` after the Unix epoch, clamped to the years 0001…9999 that
  /// a `Timestamp` holds (a clock or a stored value beyond them is not worth failing for).
  init(clamping milliseconds: Int) {
    self =
      Timestamp(millisecondsSinceEpoch: milliseconds)
      ?? (milliseconds < 0 ? Timestamp.earliest : Timestamp.latest)
  }
}
