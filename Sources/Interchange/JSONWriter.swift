public import CalendarPaging
public import NoteModel

/// Writes one JSON value into a byte buffer as it goes.
///
/// It writes objects whose keys come out in the order they are written, arrays, strings with exact escapes (`JSON.appendString`), integers,
/// booleans, days and notes. Commas are placed by the writer; nothing is built in between.
///
///     var json = JSONWriter()
///     json.object { json in
///       json.field("selected", day)
///       json.key("notes")
///       json.array { json in for note in notes { json.note(note, includeID: true) } }
///     }
public struct JSONWriter {
  /// The bytes written so far.
  public var bytes: [UInt8]
  /// How many containers are open.
  private var depth = 0
  /// Bit `d` is set once the container at depth `d + 1` has a member, so the next needs a
  /// comma before it.
  private var hasMembers: UInt64 = 0
  /// Whether a key was just written, so the value follows it without a comma.
  private var afterKey = false

  /// A writer appending to `bytes`.
  public init(bytes: [UInt8] = []) {
    self.bytes = bytes
  }

  /// Writes the comma a new member of the open container needs.
  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    let bit: UInt64 = 1 << UInt64(min(depth - 1, 63))
    if hasMembers & bit != 0 {
      bytes.append(UInt8(ascii: ","))
    } else {
      hasMembers |= bit
    }
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    depth += 1
    hasMembers &= ~(1 << UInt64(min(depth - 1, 63)))
  }

  private mutating func close(_ bracket: UInt8) {
    bytes.append(bracket)
    depth -= 1
  }

  /// Writes an object whose members `body` writes.
  public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
    open(UInt8(ascii: "{"))
    try body(&self)
    close(UInt8(ascii: "}"))
  }

  /// Writes an array whose elements `body` writes.
  public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
    open(UInt8(ascii: "["))
    try body(&self)
    close(UInt8(ascii: "]"))
  }

  /// Writes member `key` as an array of one object per element of `items`, whose members
  /// `body` writes: `"key":[{…},…]`, the shape every list of records in `--json` takes.
  public mutating func objects<Items: Sequence>(
    _ key: String, _ items: Items, _ body: (inout JSONWriter, Items.Element) throws -> Void
  ) rethrows {
    self.key(key)
    try array { json in
      for item in items {
        try json.object { try body(&$0, item) }
      }
    }
  }

  /// Writes a member's key; its value is whatever is written next.
  public mutating func key(_ name: String) {
    string(name)
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  /// Writes a string.
  public mutating func string(_ value: String) {
    separate()
    JSON.appendString(value, into: &bytes)
  }

  /// Writes a string from its UTF-8 bytes.
  public mutating func string(bytes value: UnsafeBufferPointer<UInt8>) {
    separate()
    JSON.appendString(bytes: value, into: &bytes)
  }

  /// Writes an integer.
  public mutating func int(_ value: Int) {
    separate()
    JSON.appendInt(value, into: &bytes)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  public mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a day as a `YYYY-MM-DD` string.
  public mutating func day(_ value: Day) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    value.appendISO(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes `bytes`, a whole JSON value written before (by another writer), as they are.
  public mutating func raw(_ bytes: [UInt8]) {
    separate()
    self.bytes.append(contentsOf: bytes)
  }

  /// Writes a note as an object (`JSON.appendNote`'s keys, in its order).
  public mutating func note(_ value: Note, includeID: Bool) {
    separate()
    JSON.appendNote(value, includeID: includeID, into: &bytes)
  }

  /// Writes the member `name` and its value.
  public mutating func field(_ name: String, _ value: some JSONValue) {
    key(name)
    value.write(to: &self)
  }
}

/// A value `JSONWriter.field` writes: a string, an integer, a boolean or a day.
public protocol JSONValue {
  /// Writes the value.
  func write(to json: inout JSONWriter)
}

extension String: JSONValue {
  /// Writes the string.
  public func write(to json: inout JSONWriter) { json.string(self) }
}

extension Int: JSONValue {
  /// Writes the integer.
  public func write(to json: inout JSONWriter) { json.int(self) }
}

extension Bool: JSONValue {
  /// Writes `true` or `false`.
  public func write(to json: inout JSONWriter) { json.bool(self) }
}

extension Day: JSONValue {
  /// Writes the day as `YYYY-MM-DD`.
  public func write(to json: inout JSONWriter) { json.day(self) }
}
