/// One content line of an iCalendar stream, as read: its bytes exactly as they were (folds and
/// line break included) and what they say (name, parameters, value).
///
/// `BEGIN:` and `END:` lines are properties too (named `BEGIN` and `END`), so that a component
/// keeps their bytes as well.
public struct ICalendarProperty: Sendable, Hashable {
  /// The name, upper-cased (`DESCRIPTION`).
  public let name: String
  /// The parameters in the order written.
  public let parameters: [ICalendarParameter]
  /// The 1-based line of the input where the property starts.
  public let line: Int
  /// The line as read and, when it was folded, the line unfolded after it: one slice, so that
  /// a property holds one reference to its bytes (a component's properties share one buffer).
  let bytes: ArraySlice<UInt8>
  /// Where the parts of the line are in `bytes`.
  let layout: Layout

  /// Where the parts of a property's line are in the bytes that hold it.
  struct Layout: Sendable, Hashable {
    /// The line as read, its folds and line break included.
    var raw: Range<Int>
    /// The line unfolded, without its line break: the start of `raw` when the line is not
    /// folded (no copy), else after it.
    var content: Range<Int>
    /// Where the value starts, in `content`.
    var valueStart: Int

    /// All of it: what a property's `bytes` hold.
    var span: Range<Int> { raw.lowerBound..<max(raw.upperBound, content.upperBound) }
  }

  init(
    name: String, parameters: [ICalendarParameter], line: Int, bytes: ArraySlice<UInt8>,
    layout: Layout
  ) {
    self.name = name
    self.parameters = parameters
    self.line = line
    self.bytes = bytes
    self.layout = layout
  }

  /// The bytes as read: the folded line and its line break (CRLF, LF, or none at the end of
  /// the input).
  public var raw: ArraySlice<UInt8> { bytes[layout.raw] }

  /// The unfolded line without its line break.
  var content: ArraySlice<UInt8> { bytes[layout.content] }

  /// Parses one content line (`raw`: the folded line, with or without its line break).
  ///
  /// - Throws: `InterchangeError.malformed` (at line 1) when `raw` is not exactly one valid
  ///   UTF-8 content line.
  public init(parsing raw: [UInt8]) throws(InterchangeError) {
    var lines = ICalendarLineReader()
    var reader = ByteReader(source: ByteArraySource(raw), maximumRecordSize: raw.count + 1)
    do {
      guard try lines.next(&reader), !lines.isBlank else {
        throw InterchangeError.malformed(line: 1, .notContentLine(Quote.bytes(raw)))
      }
      let parsed = try lines.parsed()
      let property = lines.property(parsed)
      guard try !lines.next(&reader) else {
        throw InterchangeError.malformed(line: 2, .notContentLine(Quote.bytes(lines.content)))
      }
      self = property
    } catch let error as InterchangeError {
      throw error
    } catch let problem as ImportProblem {
      throw .malformed(line: 1, problem)
    } catch {
      throw .malformed(line: 1, .notContentLine(Quote.bytes(raw)))
    }
  }

  /// The value as written (escapes kept), unfolded.
  public var value: String { String(decoding: valueBytes, as: UTF8.self) }

  /// The value's bytes as written, unfolded.
  public var valueBytes: ArraySlice<UInt8> {
    bytes[layout.valueStart..<layout.content.upperBound]
  }

  /// What comes before the value: the name and the parameters as written, and the colon.
  public var head: ArraySlice<UInt8> { bytes[layout.content.lowerBound..<layout.valueStart] }

  /// The value read as TEXT: escapes undone.
  public var text: String {
    valueBytes.withUnsafeBufferPointer { value in
      // Without a backslash there is no escape to undo: no copy.
      value.contains(UInt8(ascii: "\\"))
        ? String(decoding: ICalendarText.unescaped(value), as: UTF8.self)
        : String(decoding: value, as: UTF8.self)
    }
  }

  /// The values of a property that holds several, as written (escapes kept).
  ///
  /// They are the value split at its commas (RFC 5545 section 3.1.1), as
  /// `EXDATE:20240101T100000Z,20240108T100000Z` and `RDATE;VALUE=PERIOD:…,…` hold them. A
  /// comma escaped in TEXT (`\,`) separates nothing. A value with no comma is the one value;
  /// an empty value, one empty value.
  public var values: [String] {
    var result: [String] = []
    forEachValue { result.append(String(decoding: $0, as: UTF8.self)) }
    return result
  }

  /// Calls `body` with the bytes of each of `values`, in order, without making strings of
  /// them.
  func forEachValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    valueBytes.withUnsafeBufferPointer { value in
      var start = 0
      var index = 0
      while index < value.count {
        switch value[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: ","):
          body(UnsafeBufferPointer(rebasing: value[start..<index]))
          index += 1
          start = index
        default: index += 1
        }
      }
      body(UnsafeBufferPointer(rebasing: value[start...]))
    }
  }

  /// The first value of the parameter `name` (upper-case), or nil when it is absent.
  public func parameter(_ name: String) -> String? {
    parameters.first { $0.name == name }?.values.first
  }

  /// Whether the raw line ends with CRLF (or with nothing: the end of the input).
  var endsWithCRLF: Bool {
    let raw = self.raw
    return raw.last != 0x0A || (raw.count >= 2 && raw[raw.endIndex - 2] == 0x0D)
  }
}
