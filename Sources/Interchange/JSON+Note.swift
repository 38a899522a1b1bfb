public import NoteModel

extension JSON {
  /// Appends one note as a JSON object, keys in the order of DESIGN.md section 5.
  ///
  /// `{"id":12,"uid":"…","day":"2024-05-01","body":"…","created":"…","updated":"…"}`, with
  /// `id` only when `includeID` is true and the note has one, and a last key `"ical"` only when
  /// the note keeps an iCalendar item. No line break follows.
  public static func appendNote(_ fields: NoteFields, includeID: Bool, into output: inout [UInt8]) {
    if includeID, let id = fields.id {
      output.append(ascii: "{\"id\":")
      appendInt(id, into: &output)
      output.append(ascii: ",\"uid\":\"")
    } else {
      output.append(ascii: "{\"uid\":\"")
    }
    appendEscaped(fields.uid, into: &output)
    // The fixed-width middle and tail are written into one small buffer and appended at once.
    output.append(count: 29) { out in
      copy("\",\"day\":\"", to: out)
      fields.day.writeISO(to: out + 9)
      copy("\",\"body\":\"", to: out + 19)
    }
    appendEscaped(fields.body, into: &output)
    output.append(count: 76) { out in
      copy("\",\"created\":\"", to: out)
      fields.created.writeISO(to: out + 13)
      copy("\",\"updated\":\"", to: out + 37)
      fields.updated.writeISO(to: out + 50)
      copy("\"}", to: out + 74)
    }
    if let ical = fields.ical {
      output.removeLast()  // the closing brace
      output.append(ascii: ",\"ical\":\"")
      appendEscaped(ical, into: &output)
      output.append(ascii: "\"}")
    }
  }

  /// Appends one owned note as a JSON object (see `appendNote(_:includeID:into:)` for fields).
  public static func appendNote(_ note: Note, includeID: Bool, into output: inout [UInt8]) {
    note.withFields { appendNote($0, includeID: includeID, into: &output) }
  }

  @inline(__always)
  private static func copy(_ literal: StaticString, to destination: UnsafeMutablePointer<UInt8>) {
    literal.withUTF8Buffer { source in
      destination.update(from: source.baseAddress!, count: source.count)
    }
  }
}
