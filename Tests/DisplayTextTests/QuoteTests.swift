import DisplayText
import Testing

/// How messages and listings quote what they show.
@Suite struct QuoteTests {
  @Test func cutsWhatAUserTypedButNotAPath() {
    let long = "/home/someone/" + String(repeating: "calendars/", count: 10) + "work.ics"
    #expect(Quote.quoted(long) == "'" + long.prefix(Quote.limit) + "…'")
    #expect(Quote.path(long) == "'" + long + "'")
  }

  @Test func escapesControlCharactersInAPathOnce() {
    #expect(Quote.path("/tmp/a\u{1B}[2Jb") == "'/tmp/a\\e[2Jb'")
  }
}
