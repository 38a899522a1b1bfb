/// A value SQLite stores: the five storage classes, bound and read through one exhaustive enum.
package enum DatabaseValue: Sendable, Hashable {
  /// SQL NULL.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob([UInt8])
}

extension DatabaseValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByNilLiteral
{
  /// An integer value.
  package init(integerLiteral value: Int64) { self = .integer(value) }
  /// A text value.
  package init(stringLiteral value: String) { self = .text(value) }
  /// NULL.
  package init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue {
  /// An integer value from an `Int`.
  package static func int(_ value: Int) -> DatabaseValue { .integer(Int64(value)) }

  /// An integer value, or NULL when `value` is nil.
  package static func int(_ value: Int?) -> DatabaseValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  /// A text value, or NULL when `value` is nil.
  package static func text(orNull value: String?) -> DatabaseValue {
    value.map { .text($0) } ?? .null
  }
}
