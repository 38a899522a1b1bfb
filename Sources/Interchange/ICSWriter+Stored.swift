extension ICSWriter {
  /// Appends a note that keeps the item it came with: the item with the note written into it
  /// (`ICalItemRewriter`), of which an export takes the journals and the time zones they name
  /// (those not written yet, recorded in `writtenTimeZones`), every line ended by CRLF.
  ///
  /// A stored item that holds no journal the note fits (it was damaged) gives way to the
  /// journal calpager writes.
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
    for journal in journals { journal.appendNormalizedBytes(to: &output) }
  }
}
