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

  /// Appends the component's bytes as an export writes them: every line ended by CRLF (a
  /// bare LF, also inside folds, becomes CRLF) and blank lines left out.
  func appendNormalizedBytes(to output: inout [UInt8]) {
    func append(_ raw: ArraySlice<UInt8>) {
      var previous: UInt8 = 0
      for byte in raw {
        if byte == 0x0A && previous != 0x0D { output.append(0x0D) }
        output.append(byte)
        previous = byte
      }
      if raw.last != 0x0A { output.append(contentsOf: [0x0D, 0x0A]) }
    }
    append(begin.raw)
    for child in children {
      switch child {
      case .property(let property): append(property.raw)
      case .component(let nested): nested.appendNormalizedBytes(to: &output)
      case .trivia: break
      }
    }
    append(end.raw)
  }
}
