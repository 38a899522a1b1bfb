internal import CalendarPaging
internal import NoteModel

/// What one VJOURNAL says as a note: its uid, day, body and times (issue 13's mapping).
///
/// - Body: with `SUMMARY`, the summary, then (when there is a `DESCRIPTION`) a line break and
///   the description; without, the `DESCRIPTION` (several are joined by line breaks).
///   `X-CALPAGER-BODY` (base64 of the exact UTF-8, as plain TEXT or in the older
///   `ENCODING=BASE64;VALUE=BINARY` form) replaces that text only while the text is what
///   calpager writes for it (`ICalendarText.renderedAsText`, or with a `SUMMARY` its
///   `visibleForm`, which leaves out blank lines before the first line with text), so an edit
///   made elsewhere wins.
///   A journal whose body is empty or white space has no text: it is not a note.
/// - Day: `DTSTART`'s date (a DATE; a DATE-TIME with `TZID` or floating: the date written; a
///   UTC DATE-TIME: the local date in `zone`); with no `DTSTART`, the local date of `CREATED`,
///   else of `DTSTAMP`.
/// - Times: `created` is `CREATED`, `updated` is `LAST-MODIFIED`, else `DTSTAMP`; calpager's
///   `X-CALPAGER-CREATED` and `X-CALPAGER-UPDATED` add the milliseconds while they fall in the
///   same second.
struct ICalJournal {
  /// How the day was found.
  enum Start {
    /// `DTSTART` is a DATE.
    case date
    /// `DTSTART` is a UTC DATE-TIME: the day is its local date.
    case utc(Timestamp)
    /// `DTSTART` is a DATE-TIME with `TZID`, or floating: the day is its date.
    case local
    /// There is no `DTSTART`: the day comes from `CREATED` or `DTSTAMP`.
    case none
  }

  var uid: String?
  var day: Day
  var start: Start
  /// The exact body (valid UTF-8).
  var body: [UInt8]
  var created: Timestamp?
  var updated: Timestamp?
  /// The text as the standard properties hold it (before `X-CALPAGER-BODY`).
  var visibleText: [UInt8]
  var hasSummary: Bool
  /// The summary's text, and the descriptions' joined text, as read.
  var summary: [UInt8]?
  var description: [UInt8]?

  /// Reads a VJOURNAL (its overrides are not looked at).
  ///
  /// - Throws: why it is not a note (`noText`, `noDay`, `invalidProperty`).
  init(_ journal: ICalendarComponent, zone: LocalZone) throws(ICalSkipReason) {
    var uid: String?
    var start: (value: ICalendarDateTime, zoned: Bool)?
    var created: Timestamp?
    var lastModified: Timestamp?
    var stamp: Timestamp?
    var exactCreated: Timestamp?
    var exactUpdated: Timestamp?
    var exactBody: [UInt8]?
    var summary: [UInt8]?
    var description: [UInt8]?
    var seen: JournalProperties = []
    do throws(ImportProblem) {
      for child in journal.children {
        guard case .property(let property) = child else { continue }
        let name = property.name
        let once = JournalProperties(named: name).intersection(.once)
        if !once.isEmpty {
          guard seen.isDisjoint(with: once) else { throw .duplicateProperty(name) }
          seen.formUnion(once)
        }
        try property.valueBytes.withUnsafeBufferPointer { (value) throws(ImportProblem) in
          switch name {
          case "UID":
            uid = try ICalendarText.unescaped(value).withUnsafeBufferPointer {
              (bytes) throws(ImportProblem) in try FieldValues.uid(bytes)
            }
          case "DTSTART":
            start = (
              try ICalendarDateTime(value, property: name), property.parameter("TZID") != nil
            )
          case "CREATED": created = try ICalendarDateTime.timestamp(value, property: name)
          case "LAST-MODIFIED":
            lastModified = try ICalendarDateTime.timestamp(value, property: name)
          case "DTSTAMP": stamp = try ICalendarDateTime.timestamp(value, property: name)
          case "SUMMARY":
            if summary == nil { summary = ICalendarText.unescaped(value) }
          case "DESCRIPTION":
            if description == nil {
              description = []
            } else {
              description!.append(0x0A)
            }
            ICalendarText.appendUnescaped(value, into: &description!)
          case "X-CALPAGER-CREATED": exactCreated = Timestamp.parse(bytes: value)
          case "X-CALPAGER-UPDATED": exactUpdated = Timestamp.parse(bytes: value)
          case "X-CALPAGER-BODY":
            if exactBody == nil, let decoded = Base64.decode(value),
              decoded.withUnsafeBufferPointer({ UTF8Validation.isValid($0) })
            {
              exactBody = decoded
            }
          default: break
          }
        }
      }
    } catch {
      throw .invalidProperty(error)
    }
    self.uid = uid
    self.summary = summary
    self.description = description
    hasSummary = summary != nil
    if let summary {
      visibleText = summary
      if let description {
        visibleText.append(0x0A)
        visibleText += description
      }
    } else {
      visibleText = description ?? []
    }
    body = visibleText
    if let exactBody,
      exactBody.withUnsafeBufferPointer(ICalendarText.renderedAsText) == visibleText
        || (hasSummary
          && exactBody.withUnsafeBufferPointer(ICalendarText.visibleForm) == visibleText)
    {
      body = exactBody
    }
    guard body.withUnsafeBufferPointer(FieldValues.hasText) else { throw .noText }
    self.created = Self.prefer(exactCreated, over: created)
    self.updated = Self.prefer(exactUpdated, over: lastModified ?? stamp)
    switch start {
    case .some((let value, let zoned)) where value.time != nil && value.isUTC && !zoned:
      let instant = value.timestamp
      guard let local = zone.day(of: instant) else {
        throw .invalidProperty(
          .invalidTime(
            field: "DTSTART", text: Self.quotedStart(journal),
            expected: "a local date from 0001-01-01 to 9999-12-31"))
      }
      day = local
      self.start = .utc(instant)
    case .some((let value, _)):
      day = value.day
      self.start = value.time == nil ? .date : .local
    case nil:
      guard let instant = created ?? stamp, let local = zone.day(of: instant) else {
        throw .noDay
      }
      day = local
      self.start = .none
    }
  }

  private static func prefer(_ exact: Timestamp?, over standard: Timestamp?) -> Timestamp? {
    guard let exact else { return standard }
    guard let standard else { return exact }
    return exact.truncatedToSecond == standard ? exact : standard
  }

  private static func quotedStart(_ journal: ICalendarComponent) -> String {
    journal.property(named: "DTSTART").map { Quote.bytes($0.valueBytes) } ?? ""
  }

  /// The journal's `UID`, when it has a readable one (for naming a skipped journal).
  static func uid(of journal: ICalendarComponent) -> String? {
    guard let property = journal.property(named: "UID") else { return nil }
    let text = property.text
    return text.isEmpty || text.unicodeScalars.contains(where: { Quote.isControl($0.value) })
      ? nil : text
  }

  /// Whether the journal overrides one occurrence of a recurring one (`RECURRENCE-ID`).
  static func isOverride(_ journal: ICalendarComponent) -> Bool {
    journal.property(named: "RECURRENCE-ID") != nil
  }
}
