/// A set of the VJOURNAL properties calpager writes.
///
/// Which of them a journal has shown so far: `ICalJournal` takes those RFC 5545 allows once
/// at most once.
struct JournalProperties: OptionSet {
  let rawValue: UInt16

  /// `UID`.
  static let uid = JournalProperties(rawValue: 1)
  /// `DTSTAMP`.
  static let dtstamp = JournalProperties(rawValue: 1 << 1)
  /// `DTSTART`.
  static let dtstart = JournalProperties(rawValue: 1 << 2)
  /// `CREATED`.
  static let created = JournalProperties(rawValue: 1 << 3)
  /// `LAST-MODIFIED`.
  static let lastModified = JournalProperties(rawValue: 1 << 4)
  /// `SUMMARY`.
  static let summary = JournalProperties(rawValue: 1 << 5)
  /// `DESCRIPTION`.
  static let description = JournalProperties(rawValue: 1 << 6)
  /// `X-CALPAGER-BODY`.
  static let calpagerBody = JournalProperties(rawValue: 1 << 7)
  /// `X-CALPAGER-CREATED`.
  static let calpagerCreated = JournalProperties(rawValue: 1 << 8)
  /// `X-CALPAGER-UPDATED`.
  static let calpagerUpdated = JournalProperties(rawValue: 1 << 9)

  /// Those a VJOURNAL has at most once (RFC 5545, section 3.6.3).
  static let once: JournalProperties = [.uid, .dtstamp, .dtstart, .created, .lastModified]
}

extension JournalProperties {
  /// The property `name`; empty for one calpager does not write.
  init(named name: String) {
    switch name {
    case "UID": self = .uid
    case "DTSTAMP": self = .dtstamp
    case "DTSTART": self = .dtstart
    case "CREATED": self = .created
    case "LAST-MODIFIED": self = .lastModified
    case "SUMMARY": self = .summary
    case "DESCRIPTION": self = .description
    case "X-CALPAGER-BODY": self = .calpagerBody
    case "X-CALPAGER-CREATED": self = .calpagerCreated
    case "X-CALPAGER-UPDATED": self = .calpagerUpdated
    default: self = []
    }
  }
}
