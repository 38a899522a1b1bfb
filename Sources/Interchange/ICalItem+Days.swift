public import CalendarPaging
public import NoteModel

/// A stored item's day (issue 20, item 4): decided when the item arrives, and changed only
/// when someone moves the note.
///
/// The day of a journal whose `DTSTART` is a UTC time, or which has none, depends on the time
/// zone it is read in. Read again under another `$TZ` (travel, a cron job, an ssh session) it
/// would be another day, and a rewrite of the item would move its `DTSTART` for every device.
/// So the item is not read for its day again: a move rewrites the stored item then
/// (`moved(_:from:zone:)`), and a file that comes back with the same start keeps the note's
/// day (`keepsStart(of:in:)`).
extension ICalItem {
  /// The stored item of `note`, just moved to its `day` from `oldDay`, with the move in it.
  ///
  /// Its `DTSTART` is moved by the same days (a UTC one keeping its local time in
  /// `zone`), its stamps and `SEQUENCE` as an edit gives them; nil when the note has no
  /// stored item or it holds no journal. A recurring journal moves whole: its rule, dates,
  /// exceptions and overrides by the same days (see `SeriesMove`).
  ///
  /// - Throws: `SeriesMoveRefusal` when no rewrite keeps the series' shape.
  public static func moved(_ note: Note, from oldDay: Day, zone: LocalZone)
    throws(SeriesMoveRefusal) -> String?
  {
    var refusal: SeriesMoveRefusal?
    let text: String? = note.withFields { fields in
      guard let ical = fields.ical else { return nil }
      do throws(SeriesMoveRefusal) {
        return try ICSWriter.storedItem(fields, ical: ical, zone: zone, movedFrom: oldDay).map {
          String(decoding: $0.bytes, as: UTF8.self)
        }
      } catch {
        refusal = error
        return nil
      }
    }
    if let refusal { throw refusal }
    return text
  }

  /// Whether the item `bytes` has the start the item `old` had.
  ///
  /// That is the same `DTSTART` (name, parameters and value as written) in its journal, or
  /// none in both. Such an item says
  /// nothing new about the day, which then stays the note's.
  public static func keepsStart(of old: [UInt8], in bytes: [UInt8]) -> Bool {
    guard let before = start(of: old), let after = start(of: bytes) else { return false }
    return before == after
  }

  /// The `DTSTART` of an item's journal unfolded, without its line break (an empty array
  /// when the journal has none); nil when the item holds no journal.
  private static func start(of bytes: [UInt8]) -> [UInt8]? {
    guard let document = try? ICalendarDocument(parsing: bytes),
      let (_, _, journal) = ICSWriter.master(of: document)
    else { return nil }
    guard let start = journal.property(named: "DTSTART") else { return [] }
    return Array(start.head) + Array(start.valueBytes)
  }
}
