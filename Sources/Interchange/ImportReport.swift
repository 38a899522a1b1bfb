/// The components of an iCalendar import that are not journals, by kind.
public struct ComponentCounts: Sendable, Equatable {
  /// Events (`VEVENT`).
  public var events = 0
  /// To-dos (`VTODO`).
  public var todos = 0
  /// Time zones (`VTIMEZONE`): kept with the journals that name them, not ignored.
  public var timeZones = 0
  /// Other components (`VFREEBUSY`, `X-` components…) by name, in the order first met.
  public var others: [(name: String, count: Int)] = []

  /// No components counted yet.
  public init() {}

  /// Counts one component named `name` (upper-case).
  mutating func add(_ name: String) {
    switch name {
    case "VEVENT": events += 1
    case "VTODO": todos += 1
    case "VTIMEZONE": timeZones += 1
    default:
      if let index = others.firstIndex(where: { $0.name == name }) {
        others[index].count += 1
      } else {
        others.append((name, 1))
      }
    }
  }

  /// The components an import leaves out: all but time zones.
  public var ignored: Int { events + todos + others.reduce(0) { $0 + $1.count } }

  /// Compares counts (`others` in order).
  public static func == (lhs: ComponentCounts, rhs: ComponentCounts) -> Bool {
    lhs.events == rhs.events && lhs.todos == rhs.todos && lhs.timeZones == rhs.timeZones
      && lhs.others.map(\.name) == rhs.others.map(\.name)
      && lhs.others.map(\.count) == rhs.others.map(\.count)
  }

  /// One line saying what was left out and what to do, such as `2 events (VEVENT) and 1 to-do
  /// (VTODO) not imported: calpager keeps journals (VJOURNAL) only; keep events and to-dos in a
  /// calendar or task program (khal, todoman)`; nil when nothing was left out.
  public var notice: String? {
    var parts: [String] = []
    if events > 0 { parts.append(Self.count(events, "event") + " (VEVENT)") }
    if todos > 0 { parts.append(Self.count(todos, "to-do") + " (VTODO)") }
    for (name, count) in others {
      parts.append(Self.count(count, "'\(Quote.text(name))' component"))
    }
    guard !parts.isEmpty else { return nil }
    let list =
      parts.count == 1
      ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    return list + " not imported: calpager keeps journals (VJOURNAL) only; keep events and "
      + "to-dos in a calendar or task program (khal, todoman)"
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

/// What an import read besides its notes, for its summary.
///
/// It holds the records skipped, the components left out, the CSV columns not used and jrnl's
/// stars. `NoteDecoder.report` gives it at any time (its counts cover what was read so far).
public struct ImportReport: Sendable, Equatable {
  /// Records skipped (iCalendar journals calpager cannot take), the first 1000 of them.
  public var skippedRecords: [SkippedRecord] = []
  /// All records skipped.
  public var skippedRecordCount = 0
  /// iCalendar components that are not journals.
  public var components = ComponentCounts()
  /// CSV header columns calpager does not read (as written, trimmed); `id` is not one of them.
  public var unknownColumns: [String] = []
  /// The CSV field separator read: `,` or `;` (nil for other formats).
  public var separator: String?
  /// jrnl entries marked as starred (imported like the others; the star is not kept).
  public var starred = 0
  /// Records that had no uid and got one derived from their content (`ContentUID`).
  public var derivedUIDs = 0

  /// An empty report.
  public init() {}

  /// Lines for the text summary, one per fact worth telling, such as `skipped line 12 (uid
  /// 'a'): a journal with no text (…)` or `unknown columns ignored: 'tags', 'mood'`.
  public var notices: [String] {
    var lines = skippedRecords.map { "skipped \($0)" }
    if skippedRecordCount > skippedRecords.count {
      lines.append("skipped \(skippedRecordCount - skippedRecords.count) more")
    }
    if let notice = components.notice { lines.append(notice) }
    if !unknownColumns.isEmpty {
      let names = unknownColumns.map { "'\(Quote.text($0))'" }.joined(separator: ", ")
      lines.append("unknown column\(unknownColumns.count == 1 ? "" : "s") ignored: \(names)")
    }
    if starred > 0 {
      lines.append("\(starred) starred entr\(starred == 1 ? "y" : "ies") (the star is not kept)")
    }
    return lines
  }

  /// Appends the report as JSON members (no braces), for a `--json` summary:
  /// `"skippedRecords":[{"line":12,"uid":"a","reason":"…"}],"skippedRecordCount":1,`
  /// `"events":0,"todos":0,"otherComponents":0,"unknownColumns":["tags"],"starred":0,`
  /// `"derivedUIDs":0` (`uid` is null when the record had none).
  public func appendJSONMembers(into output: inout [UInt8]) {
    output.append(ascii: "\"skippedRecords\":[")
    for (index, record) in skippedRecords.enumerated() {
      output.append(ascii: index == 0 ? "{\"line\":" : ",{\"line\":")
      JSON.appendInt(record.line, into: &output)
      output.append(ascii: ",\"uid\":")
      if let uid = record.uid {
        JSON.appendString(uid, into: &output)
      } else {
        output.append(ascii: "null")
      }
      output.append(ascii: ",\"reason\":")
      JSON.appendString(record.reason.description, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(ascii: "],\"skippedRecordCount\":")
    JSON.appendInt(skippedRecordCount, into: &output)
    output.append(ascii: ",\"events\":")
    JSON.appendInt(components.events, into: &output)
    output.append(ascii: ",\"todos\":")
    JSON.appendInt(components.todos, into: &output)
    output.append(ascii: ",\"otherComponents\":")
    JSON.appendInt(components.ignored - components.events - components.todos, into: &output)
    output.append(ascii: ",\"unknownColumns\":[")
    for (index, name) in unknownColumns.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      JSON.appendString(name, into: &output)
    }
    output.append(ascii: "],\"starred\":")
    JSON.appendInt(starred, into: &output)
    output.append(ascii: ",\"derivedUIDs\":")
    JSON.appendInt(derivedUIDs, into: &output)
  }
}
