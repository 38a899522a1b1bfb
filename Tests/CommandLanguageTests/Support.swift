import CalendarPaging

/// A day from its ISO form; the form must be valid.
func day(_ text: String) -> Day {
  Day(text)!
}
