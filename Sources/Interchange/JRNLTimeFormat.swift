internal import CalendarPaging

/// The `timeformat` of a jrnl journal: how the `[TIME]` that starts each entry of its plain-text
/// file is written, in the subset of strftime that jrnl's users write (`%Y %m %d %H %M %S %I %p
/// %F %T %r %y %b %B %%`).
///
/// Reading follows Python's `strptime`, which jrnl reads its file with: a number takes one or
/// two digits (`%Y` up to four), a space in the format matches any run of spaces, `%p` is `AM`
/// or `PM` in either case, and `%b` and `%B` take an English month's short or full name. The
/// whole text must match, and it must name a real day.
public struct JRNLTimeFormat: Sendable, Hashable, CustomStringConvertible {
  enum Field: Sendable, Hashable {
    case year, shortYear, month, monthName, day, hour, hour12, minute, second, meridiem
  }

  enum Piece: Sendable, Hashable {
    case literal(UInt8)
    case space
    case field(Field)
  }

  /// The format as written, such as `%F %r`.
  public let pattern: String
  let pieces: [Piece]

  /// jrnl's default, `%F %r` (`2024-05-01 09:30:00 AM`).
  public static let jrnlDefault = JRNLTimeFormat(known: "%F %r")
  /// The common `%Y-%m-%d %H:%M` (`2024-05-01 09:30`).
  public static let minutes = JRNLTimeFormat(known: "%Y-%m-%d %H:%M")
  /// What a file is tried with when neither an option nor jrnl's config names a format.
  public static let defaults = [jrnlDefault, minutes]

  /// The format as written, as `pattern`.
  public var description: String { pattern }

  /// One of the formats above, which are known to read.
  private init(known pattern: String) {
    do {
      self = try JRNLTimeFormat(pattern)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Reads a strftime format.
  ///
  /// - Throws: `JRNLTimeFormatError` for a directive outside the subset, a lone `%` at the end,
  ///   or a format without a year, a month and a day (a note needs its day).
  public init(_ pattern: String) throws(JRNLTimeFormatError) {
    self.pattern = pattern
    var pieces: [Piece] = []
    var bytes = Array(pattern.utf8)[...]
    while let byte = bytes.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        pieces.append(byte == 0x20 ? .space : .literal(byte))
        continue
      }
      guard let directive = bytes.popFirst() else {
        throw JRNLTimeFormatError(pattern: pattern, reason: "it ends with a lone '%'")
      }
      switch directive {
      case UInt8(ascii: "Y"): pieces.append(.field(.year))
      case UInt8(ascii: "y"): pieces.append(.field(.shortYear))
      case UInt8(ascii: "m"): pieces.append(.field(.month))
      case UInt8(ascii: "b"), UInt8(ascii: "B"): pieces.append(.field(.monthName))
      case UInt8(ascii: "d"): pieces.append(.field(.day))
      case UInt8(ascii: "H"): pieces.append(.field(.hour))
      case UInt8(ascii: "I"): pieces.append(.field(.hour12))
      case UInt8(ascii: "M"): pieces.append(.field(.minute))
      case UInt8(ascii: "S"): pieces.append(.field(.second))
      case UInt8(ascii: "p"): pieces.append(.field(.meridiem))
      case UInt8(ascii: "%"): pieces.append(.literal(UInt8(ascii: "%")))
      case UInt8(ascii: "F"):
        pieces += [.field(.year), .literal(0x2D), .field(.month), .literal(0x2D), .field(.day)]
      case UInt8(ascii: "T"):
        pieces += [.field(.hour), .literal(0x3A), .field(.minute), .literal(0x3A), .field(.second)]
      case UInt8(ascii: "r"):
        pieces += [
          .field(.hour12), .literal(0x3A), .field(.minute), .literal(0x3A), .field(.second),
          .space, .field(.meridiem),
        ]
      default:
        throw JRNLTimeFormatError(
          pattern: pattern,
          reason: "'%\(Quote.bytes([directive]))' is not read: use %Y %m %d %H %M %S %I %p %F %T "
            + "%r %y %b %B or %%")
      }
    }
    let fields = Set(pieces.compactMap { if case .field(let field) = $0 { field } else { nil } })
    guard fields.contains(.year) || fields.contains(.shortYear),
      fields.contains(.month) || fields.contains(.monthName), fields.contains(.day)
    else {
      throw JRNLTimeFormatError(
        pattern: pattern, reason: "it needs a year, a month and a day (%Y or %y, %m or %b, %d)")
    }
    self.pieces = pieces
  }

  /// The day and local time `text` names in this format; nil when it does not match or names
  /// no real day or time.
  func read(_ text: some Collection<UInt8>) -> (day: Day, hour: Int, minute: Int, second: Int)? {
    var rest = Array(text)[...]
    var year = 1900
    var month = 1
    var day = 1
    var hour = 0
    var hour12: Int?
    var pm: Bool?
    var minute = 0
    var second = 0
    func number(maxDigits: Int) -> Int? {
      var value = 0
      var digits = 0
      while digits < maxDigits, let byte = rest.first, (0x30...0x39).contains(byte) {
        value = value * 10 + Int(byte - 0x30)
        digits += 1
        rest = rest.dropFirst()
      }
      return digits == 0 ? nil : value
    }
    func letters() -> String {
      var word: [UInt8] = []
      while let byte = rest.first, (0x61...0x7A).contains(byte | 0x20) {
        word.append(byte | 0x20)
        rest = rest.dropFirst()
      }
      return String(decoding: word, as: UTF8.self)
    }
    for piece in pieces {
      switch piece {
      case .literal(let byte):
        guard rest.popFirst() == byte else { return nil }
      case .space:
        guard rest.first == 0x20 || rest.first == 0x09 else { return nil }
        while rest.first == 0x20 || rest.first == 0x09 { rest = rest.dropFirst() }
      case .field(let field):
        switch field {
        case .year:
          guard let value = number(maxDigits: 4) else { return nil }
          year = value
        case .shortYear:
          guard let value = number(maxDigits: 2) else { return nil }
          year = value < 69 ? 2000 + value : 1900 + value  // POSIX's pivot, as Python's
        case .month:
          guard let value = number(maxDigits: 2), (1...12).contains(value) else { return nil }
          month = value
        case .monthName:
          let word = letters()
          guard
            let index = Self.months.firstIndex(where: { word == $0 || word == $0.prefix(3) })
          else { return nil }
          month = index + 1
        case .day:
          guard let value = number(maxDigits: 2) else { return nil }
          day = value
        case .hour:
          guard let value = number(maxDigits: 2), value < 24 else { return nil }
          hour = value
        case .hour12:
          guard let value = number(maxDigits: 2), (1...12).contains(value) else { return nil }
          hour12 = value
        case .minute:
          guard let value = number(maxDigits: 2), value < 60 else { return nil }
          minute = value
        case .second:
          guard let value = number(maxDigits: 2), value < 60 else { return nil }
          second = value
        case .meridiem:
          switch letters() {
          case "am": pm = false
          case "pm": pm = true
          default: return nil
          }
        }
      }
    }
    guard rest.isEmpty, let date = Day(year: year, month: month, day: day) else { return nil }
    if let hour12 {
      // As strptime: %I without %p is read as AM.
      hour = hour12 % 12 + (pm == true ? 12 : 0)
    }
    return (date, hour, minute, second)
  }

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]
}

/// A `timeformat` calpager cannot read, and why.
public struct JRNLTimeFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The format as given.
  public let pattern: String
  /// Why it is refused, one clause.
  public let reason: String

  /// Such as `'%j' is not read: …`, the format quoted first.
  public var description: String {
    "'\(Quote.text(pattern))' is not a time format calpager reads: \(reason)"
  }
}
