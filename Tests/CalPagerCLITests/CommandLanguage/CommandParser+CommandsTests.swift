import CalendarPaging
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// Every paging and note command, and every usage error its arguments can give.
@Suite struct CommandParserCommandsTests {
  @Test func paging() throws {
    #expect(try command(["show"]) == .show)
    #expect(try command(["next"]) == .next(count: 1, withNotes: false))
    #expect(try command(["next", "7"]) == .next(count: 7, withNotes: false))
    #expect(try command(["next", "+7"]) == .next(count: 7, withNotes: false))
    #expect(try command(["next", "--with-notes"]) == .next(count: 1, withNotes: true))
    #expect(try command(["next", "2", "--with-notes"]) == .next(count: 2, withNotes: true))
    #expect(try command(["prev"]) == .previous(count: 1, withNotes: false))
    #expect(try command(["prev", "--with-notes", "3"]) == .previous(count: 3, withNotes: true))
    #expect(try command(["next", "3652058"]) == .next(count: 3_652_058, withNotes: false))
    #expect(try command(["goto", "2024-05-01"]) == .goto(.day(day("2024-05-01"))))
    #expect(try command(["goto", "today"]) == .goto(.today))
    #expect(try command(["goto", "+3"]) == .goto(.offset(3)))
    #expect(try command(["today"]) == .today)
  }

  @Test(arguments: [
    (
      ["next", "-3"],
      "'-3' is not a valid count: N must be positive; to go the other way, use 'prev 3'"
    ),
    (
      ["prev", "-3"],
      "'-3' is not a valid count: N must be positive; to go the other way, use 'next 3'"
    ),
    (["next", "0"], "'0' is not a valid count: expected a positive whole number"),
    (["next", "-0"], "'-0' is not a valid count: expected a positive whole number"),
    (["next", "x"], "'x' is not a valid count: expected a positive whole number"),
    (["next", "1.5"], "'1.5' is not a valid count: expected a positive whole number"),
    (
      ["next", "3652059"],
      "'3652059' is too large: days run from 0001-01-01 to 9999-12-31, 3652058 days apart"
    ),
    (
      ["next", "99999999999999999999999"],
      "'99999999999999999999999' is too large: days run from 0001-01-01 to 9999-12-31, "
        + "3652058 days apart"
    ),
    (["next", "1", "2"], "unexpected argument '2'"),
    (["show", "2024-05-01"], "unexpected argument '2024-05-01'"),
    (["today", "x"], "unexpected argument 'x'"),
    (
      ["goto"],
      "missing argument '<date>': expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (["goto", "2024-05-01", "x"], "unexpected argument 'x'"),
    (["goto", "2024-02-30"], "'2024-02-30' is not a date: February 2024 has 29 days, not 30"),
    (
      ["goto", "2024-13-01"],
      "'2024-13-01' is not a date: there is no month 13, months run 01 to 12"
    ),
    (["goto", "0000-01-01"], "'0000-01-01' is not a date: years run from 0001 to 9999"),
    (
      ["goto", "2024-5-1"],
      "'2024-5-1' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (
      ["goto", "Todays"],
      "'Todays' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (
      ["goto", "+3652059"],
      "'+3652059' is too far: days run from 0001-01-01 to 9999-12-31, 3652058 days apart"
    ),
    (["next", "--day", "today"], "'next' has no option '--day'"),
    (["show", "--with-note"], "unknown option '--with-note'"),
    (["next", "--with-note"], "unknown option '--with-note'; did you mean '--with-notes'?"),
    (["next", "--with-notes=yes"], "'--with-notes' takes no value"),
  ])
  func pagingErrors(words: [String], expected: String) {
    #expect(message(words) == expected)
    #expect(usageError(words)?.usage == usage(of: words[0]))
  }

  @Test func notes() throws {
    #expect(try command(["add"]) == .add(day: nil, body: .editor))
    #expect(try command(["add", "Buy", "flowers"]) == .add(day: nil, body: .text("Buy flowers")))
    #expect(try command(["add", " two  spaces "]) == .add(day: nil, body: .text(" two  spaces ")))
    #expect(
      try command(["add", "--day", "2024-05-01", "x"])
        == .add(day: .day(day("2024-05-01")), body: .text("x")))
    #expect(try command(["add", "x", "--day=tomorrow"]) == .add(day: .tomorrow, body: .text("x")))
    #expect(try command(["add", "--day", "yesterday"]) == .add(day: .yesterday, body: .editor))
    #expect(
      try command(["add", "--day", "-1", "-"]) == .add(day: .offset(-1), body: .standardInput))
    #expect(try command(["add", "-", "x"]) == .add(day: nil, body: .text("- x")))
    #expect(try command(["add", "multi\nline"]) == .add(day: nil, body: .text("multi\nline")))
    #expect(try command(["edit", "12"]) == .edit(id: 12, body: .editor))
    #expect(try command(["edit", "#12", "new", "text"]) == .edit(id: 12, body: .text("new text")))
    #expect(try command(["edit", "12", "-"]) == .edit(id: 12, body: .standardInput))
    #expect(try command(["rm", "12"]) == .remove(id: 12))
    #expect(try command(["rm", "#12"]) == .remove(id: 12))
    #expect(try command(["rm", "007"]) == .remove(id: 7))
    #expect(try command(["rm", "999999999999999999"]) == .remove(id: 999_999_999_999_999_999))
    #expect(try command(["mv", "12", "2024-05-03"]) == .move(id: 12, to: .day(day("2024-05-03"))))
    #expect(try command(["mv", "#12", "+1"]) == .move(id: 12, to: .offset(1)))
    #expect(try command(["list"]) == .list(nil))
    #expect(try command(["list", "2024"]) == .list(RangeExpression(.year(2024))))
    #expect(
      try command(["list", "2024-05"]) == .list(RangeExpression(.month(year: 2024, month: 5))))
    #expect(try command(["list", "today"]) == .list(RangeExpression(.date(.today))))
    #expect(try command(["search", "dentist"]) == .search(query: "dentist"))
    #expect(try command(["search", "bank", "mortgage"]) == .search(query: "bank mortgage"))
    #expect(try command(["search", "--", "-x"]) == .search(query: "-x"))
    #expect(try command(["undo"]) == .undo)
  }

  @Test(arguments: [
    (
      ["add", ""],
      "the note text is empty: give some text, '-' to read standard input, or nothing to open an editor"
    ),
    (
      ["add", " ", "\t"],
      "the note text is empty: give some text, '-' to read standard input, or nothing to open an editor"
    ),
    (
      ["add", "--day", "someday", "x"],
      "'someday' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (["add", "--day"], "missing value for '--day <date>'"),
    (["add", "--day", "--json", "x"], "missing value for '--day <date>'"),
    (["add", "-x", "text"], "unknown option '-x'; to use it as text, put '--' before it"),
    (
      ["add", "--verbose", "text"],
      "unknown option '--verbose'; to use it as text, put '--' before it"
    ),
    (["add", "--dayy", "today"], "unknown option '--dayy'; did you mean '--day'?"),
    (["edit", "1", "-v"], "unknown option '-v'; to use it as text, put '--' before it"),
    (["search", "--x"], "unknown option '--x'; to use it as text, put '--' before it"),
    (["add", "--dry-run", "text"], "'add' has no option '--dry-run'"),
    (["edit"], "missing argument '<id>': expected a note id such as 12 or #12"),
    (
      ["edit", "twelve"],
      "'twelve' is not a note id: expected a positive whole number such as 12 or #12"
    ),
    (["edit", "0"], "'0' is not a note id: expected a positive whole number such as 12 or #12"),
    (["edit", "#"], "'#' is not a note id: expected a positive whole number such as 12 or #12"),
    (
      ["edit", "##1"], "'##1' is not a note id: expected a positive whole number such as 12 or #12"
    ),
    (["edit", "+1"], "'+1' is not a note id: expected a positive whole number such as 12 or #12"),
    (
      ["edit", "1", ""],
      "the note text is empty: give some text, '-' to read standard input, or nothing to open an editor"
    ),
    (["rm"], "missing argument '<id>': expected a note id such as 12 or #12"),
    (["rm", "-1"], "'-1' is not a note id: expected a positive whole number such as 12 or #12"),
    (["rm", "1", "2"], "unexpected argument '2'"),
    (
      ["rm", "9999999999999999999"],
      "'9999999999999999999' is not a note id: expected a positive whole number such as 12 or #12"
    ),
    (
      ["mv", "1"],
      "missing argument '<date>': expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    ),
    (["mv", "1", "2024-02-30"], "'2024-02-30' is not a date: February 2024 has 29 days, not 30"),
    (["mv", "1", "today", "x"], "unexpected argument 'x'"),
    (["list", "2024-13"], "'2024-13' is not a month: there is no month 13, months run 01 to 12"),
    (["list", "0000"], "'0000' is out of range: years run from 0001 to 9999"),
    (
      ["list", "May"],
      "'May' is not a range: expected a DATE, DATE..DATE, DATE.., ..DATE, a month YYYY-MM or a year YYYY"
    ),
    (
      ["list", "2024-05-31..2024-05-01"],
      "'2024-05-31..2024-05-01' ends before it starts: 2024-05-01 is before 2024-05-31"
    ),
    (["list", "2024", "2025"], "unexpected argument '2025'"),
    (["search"], "missing argument '<query>': give the words to search for"),
    (["search", " "], "the search query is empty: give the words to search for"),
    (["undo", "2"], "unexpected argument '2'"),
  ])
  func noteErrors(words: [String], expected: String) {
    #expect(message(words) == expected)
    #expect(usageError(words)?.usage == usage(of: words[0]))
  }

  @Test func messagesQuoteInputSafely() {
    #expect(
      message(["rm", "\u{1B}[31m"])
        == #"'\e[31m' is not a note id: expected a positive whole number such as 12 or #12"#)
    let long = String(repeating: "x", count: 100)
    #expect(
      message(["goto", long]) == "'" + String(repeating: "x", count: 64)
        + "…' is not a date: expected YYYY-MM-DD, YYYY-MM, YYYY-Www, today, yesterday, tomorrow, a weekday such as mon, or an offset from the selected day like +3, -2, +2w or -1m"
    )
  }
}
