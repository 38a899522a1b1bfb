internal import NoteModel

extension ICSWriter {
  /// Appends a note that keeps the item it came with: the item with the note written into it
  /// (`ICalItemRewriter`), of which an export takes the journals and the time zones they name
  /// (those not written yet, recorded in `writtenTimeZones`), every line ended by CRLF.
  ///
  /// A journal of the item without `UID` (or with an empty one) gets the note's uid (as its
  /// first line after `BEGIN`),
  /// so that the export names the note as the database does (a uid-less record's uid depends
  /// on the input it came in). A stored item that holds no journal the note fits (it was
  /// damaged) gives way to the journal calpager writes.
  static func appendStoredJournal(
    _ fields: NoteFields, ical: UnsafeBufferPointer<UInt8>, zone: LocalZone,
    writtenTimeZones: inout Set<String>, into output: inout [UInt8]
  ) {
    guard let document = ICalItem.rewritten(fields, ical: ical, zone: zone),
      let (calendarIndex, _, _) = ICalItemRewriter.master(of: document),
      case .component(let calendar) = document.nodes[calendarIndex]
    else {
      appendJournal(fields, into: &output)
      return
    }
    let journals = calendar.components.filter { $0.name == "VJOURNAL" }
    for journal in journals {
      for id in journal.timeZoneIDs where !writtenTimeZones.contains(id) {
        guard let zone = calendar.timeZone(withID: id) else { continue }
        zone.appendNormalizedBytes(to: &output)
        writtenTimeZones.insert(id)
      }
    }
    var uidLine: [UInt8] = []
    UTF8Validation.withValid(fields.uid) { uid in
      appendFolded(name: "UID:", value: uid, escape: true, into: &uidLine)
    }
    for journal in journals {
      let hasUID = journal.property(named: "UID").map { !$0.valueBytes.isEmpty } ?? false
      journal.appendNormalizedBytes(to: &output, uidLine: hasUID ? nil : uidLine)
    }
  }
}
