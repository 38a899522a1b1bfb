extension ICalendarComponent {
  /// The number of bytes the component was read from.
  var size: Int {
    children.reduce(begin.raw.count + end.raw.count) { size, child in
      switch child {
      case .property(let property): return size + property.raw.count
      case .component(let component): return size + component.size
      case .trivia(let bytes): return size + bytes.count
      }
    }
  }

  /// The `TZID` parameter values of every property inside the component, nested ones
  /// included, each once, in the order of first use.
  var timeZoneIDs: [String] {
    var found: [String] = []
    func visit(_ component: ICalendarComponent) {
      for child in component.children {
        switch child {
        case .property(let property):
          if let id = property.parameter("TZID"), !found.contains(id) { found.append(id) }
        case .component(let nested): visit(nested)
        case .trivia: break
        }
      }
    }
    visit(self)
    return found
  }

  /// The `VTIMEZONE` directly inside the component whose `TZID` is `id`, if any.
  func timeZone(withID id: String) -> ICalendarComponent? {
    components.first { $0.name == "VTIMEZONE" && $0.property(named: "TZID")?.text == id }
  }

  /// Appends the component's bytes as read, but with every line whose bytes are not valid
  /// UTF-8 refolded (see `ICalendarProperty.appendValidBytes`): text a note can keep.
  func appendValidBytes(to output: inout [UInt8]) {
    begin.appendValidBytes(to: &output)
    for child in children {
      switch child {
      case .property(let property): property.appendValidBytes(to: &output)
      case .component(let nested): nested.appendValidBytes(to: &output)
      case .trivia(let bytes): output += bytes
      }
    }
    end.appendValidBytes(to: &output)
  }

  /// Appends the component's bytes as an export writes them: every line ended by CRLF (a
  /// bare LF, also inside folds, becomes CRLF) and blank lines left out; with `uidLine`, the
  /// `UID` lines are left out and that line comes right after the `BEGIN:` line; the
  /// properties named in `omitting` (directly inside the component) are left out.
  func appendNormalizedBytes(
    to output: inout [UInt8], uidLine: [UInt8]? = nil, omitting names: [String] = []
  ) {
    func append(_ raw: ArraySlice<UInt8>) {
      // Copied in runs up to each bare LF, which gets its CR.
      raw.withUnsafeBufferPointer { bytes in
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
          if index == 0 || bytes[index - 1] != 0x0D {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.append(0x0D)
            start = index
          }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      }
      if raw.last != 0x0A { output.append(contentsOf: [0x0D, 0x0A]) }
    }
    append(begin.raw)
    if let uidLine { output += uidLine }
    for child in children {
      switch child {
      case .property(let property):
        if (uidLine == nil || property.name != "UID") && !names.contains(property.name) {
          append(property.raw)
        }
      case .component(let nested): nested.appendNormalizedBytes(to: &output)
      case .trivia: break
      }
    }
    append(end.raw)
  }
}

extension ICalendarProperty {
  /// Appends the line as read when its bytes are valid UTF-8; else (a fold split a UTF-8
  /// sequence, which RFC 5545 asks readers to undo) the unfolded line folded again between
  /// characters, with the same line break.
  func appendValidBytes(to output: inout [UInt8]) {
    let raw = self.raw
    if raw.withUnsafeBufferPointer(UTF8Validation.isValid) {
      output += raw
      return
    }
    head.withUnsafeBufferPointer { head in
      valueBytes.withUnsafeBufferPointer { value in
        ICalendarText.appendLine(
          head: head, value: value, escape: false, crlf: endsWithCRLF, into: &output)
      }
    }
  }
}

extension ICalendarDocument {
  /// The document's bytes as valid UTF-8: as read, but with a line split inside a UTF-8
  /// sequence folded again (`ICalendarProperty.appendValidBytes`).
  var validBytes: [UInt8] {
    var output: [UInt8] = []
    for node in nodes {
      switch node {
      case .component(let component): component.appendValidBytes(to: &output)
      case .property(let property): property.appendValidBytes(to: &output)
      case .trivia(let bytes): output += bytes
      }
    }
    return output
  }
}
