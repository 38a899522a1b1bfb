/// How an item's note keeps its iCalendar item (`Note.ical`).
public enum StoredItemUpdate: Sendable, Hashable {
  /// As it is.
  case keep
  /// Replaced with this text, or cleared when nil (the file is exactly what calpager writes).
  case set(String?)
}
