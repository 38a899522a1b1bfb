/// A small set of flags held as the bits of an `Int`: the arithmetic `KeyModifiers` and
/// `TerminalMode.Events` share, written once.
///
/// Not `OptionSet`: each protocol a type conforms to is a record that the Swift runtime scans
/// at every program's start, and `OptionSet` brings five; this is one.
package protocol BitFlags {
  /// The bits.
  var rawValue: Int { get }
  /// Flags from their bits.
  init(rawValue: Int)
}

extension BitFlags {
  /// Whether no flag is set.
  package var isEmpty: Bool { rawValue == 0 }

  /// Whether every flag of `other` is set.
  package func contains(_ other: Self) -> Bool { rawValue & other.rawValue == other.rawValue }

  /// These flags and those of `other`.
  package func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }

  /// Sets the flags of `other`.
  package mutating func insert(_ other: Self) { self = union(other) }
}
