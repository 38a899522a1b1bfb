import CalendarPaging
import Interchange
import NoteModel

/// Notes that exercise every escaping rule of every format, in export order (by day).
///
/// Every body holds text: an empty or white-space body is refused by import (issue 12 item 12).
enum TestCorpus {
  static func day(_ text: String) -> Day {
    Day(text)!
  }

  static func time(_ text: String) -> Timestamp {
    Timestamp(text)!
  }

  static let bodies: [String] = [
    "Dentist at 10:00",
    "Call the bank about the\nmortgage\nand the \"rate\"",
    "quotes \" and 'single', commas, semicolons; backslash \\ and \\n literally",
    "tab\there\tand\tthere",
    "CR alone\rthen CRLF\r\nthen LF\nend",
    "emoji 🙂👩‍👩‍👧 flags 🇫🇷 and ZWJ",
    "CJK 日本語のテキスト、中文，한국어",
    "right-to-left: שלום עולם and مرحبا بالعالم \u{200F}mark",
    "combining: e\u{301} a\u{308}\u{304} Z\u{335}\u{321}",
    "control chars \u{1}\u{7}\u{1b}[31m\u{7f} and NUL \u{0} inside",
    "lone CR at the end\r",
    "  spaces around  ",
    "a",
    "line separator \u{2028} and NEL \u{85} survive",
    "ends with backslash \\",
    String(repeating: "ten kB body, with \"quotes\"; commas, and ünïcödé 🙂\n", count: 180),
    "a,b,c\r\n\"d\",e",
    "=SUM(A1:A2) looks like a formula",
    "BEGIN:VJOURNAL\nEND:VCALENDAR\nlooks like iCalendar",
  ]

  /// The corpus: notes on the first and last days, several notes a day, milliseconds of every
  /// kind.
  static let notes: [Note] = {
    let days = [
      "0001-01-01", "0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "2024-05-01",
      "2024-05-01", "2024-05-01", "2024-05-02", "2024-05-02", "2024-12-31", "2025-01-01",
      "2025-06-15", "2025-06-15", "2099-09-09", "2100-03-01", "9999-12-31", "9999-12-31",
      "9999-12-31",
    ]
    let times = [
      "0001-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z",
      "2024-04-30T18:02:11.250Z", "2024-05-01T09:00:00.001Z", "9999-12-31T23:59:59.999Z",
    ]
    return zip(days, bodies).enumerated().map { index, pair in
      Note(
        id: index + 1, uid: "uid-\(index)-\(index % 3 == 0 ? "a,b;c\\d" : "plain")@calpager",
        day: day(pair.0), body: pair.1, created: time(times[index % times.count]),
        updated: time(times[(index + 3) % times.count]))
    }
  }()
}

extension DecodedNote {
  /// The note as an encoder takes it, with placeholders for what the record did not give.
  var note: Note {
    Note(
      uid: uid ?? "", day: day, body: body, created: created ?? Timestamp.earliest,
      updated: updated ?? Timestamp.earliest)
  }
}
