import CalendarPaging
import Foundation
import NoteModel
import TestSupport
import Testing

@testable import Interchange

/// The journal calpager exported before issue 13, as that writer wrote it.
///
/// The whole body is in `DESCRIPTION` and, when TEXT cannot hold it, in
/// `X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY`. It is not written any more (a test fixture,
/// not product code): files exported then are only read.
enum OlderExportForm {
  /// An export of `notes` in the older form.
  static func export(_ notes: [Note]) -> [UInt8] {
    var output: [UInt8] = []
    ICSWriter.appendHeader(into: &output)
    for note in notes { note.withFields { appendJournal($0, into: &output) } }
    ICSWriter.appendFooter(into: &output)
    return output
  }

  static func appendJournal(_ fields: NoteFields, into output: inout [UInt8]) {
    ICSWriter.appendJournalHead(fields, into: &output)
    UTF8Validation.withValid(fields.body) { body in
      ICSWriter.appendFolded(name: "DESCRIPTION:", value: body, escape: true, into: &output)
      if !ICalendarText.isExactAsText(body) {
        var encoded: [UInt8] = []
        Base64.encode(body, into: &encoded)
        encoded.withUnsafeBufferPointer { encoded in
          ICSWriter.appendFolded(
            name: "X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY:", value: encoded, escape: false,
            into: &output)
        }
      }
    }
    ICSWriter.appendJournalTail(fields, into: &output)
  }
}

/// Files exported before issue 13 still read exactly and, being calpager's own, keep no
/// stored item; a journal in that form that another program changed keeps its item.
@Suite struct OlderExportFormTests {
  /// The corpus and random notes: bodies with every escape, control characters, CRs, long
  /// lines and non-ASCII text.
  static let notes: [Note] = {
    var random = SplitMix64(seed: 13)
    let pieces = [
      "word", "日本語", "🙂", ",", ";", "\\", "\n", "\r\n", "\r", "\t", "\u{1}", "\u{7f}",
      String(repeating: "long ", count: 30), "é", " ",
    ]
    var notes = TestCorpus.notes
    for index in 0..<300 {
      var body = "n\(index)"
      for _ in 0..<random.next(in: 0...12) { body += pieces[random.next(in: 0...14)] }
      notes.append(
        Note(
          uid: "older-\(index)", day: Day(dayNumber: random.next(in: -700_000...2_900_000))!,
          body: body,
          created: Timestamp(millisecondsSinceEpoch: random.next(in: 0...4_000_000_000_000))!,
          updated: Timestamp(millisecondsSinceEpoch: random.next(in: 0...4_000_000_000_000))!))
    }
    return notes
  }()

  @Test(arguments: ["\r\n", "\n"])
  func everyJournalOfTheOlderFormReadsBackExactlyAndKeepsNothing(lineEnd: String) throws {
    var bytes = OlderExportForm.export(Self.notes)
    if lineEnd == "\n" {
      bytes = bytes.filter { $0 != 0x0D }  // the only CRs are line ends
    }
    let decoded = try NoteDecoder.decodeAll(bytes, format: .ics)
    #expect(decoded.count == Self.notes.count)
    for (note, read) in zip(Self.notes, decoded) {
      #expect(read.uid == note.uid && read.day == note.day, "\(note.uid)")
      #expect(read.created == note.created && read.updated == note.updated, "\(note.uid)")
      #expect(read.body == note.body, "\(note.uid)")
      #expect(read.ical == nil, "\(note.uid): \(read.ical ?? "")")
    }
  }

  /// An older journal with a line changed, added or moved is another program's: it keeps
  /// every line as its stored item.
  @Test(arguments: [
    ("DESCRIPTION:", "SUMMARY:a title\r\nDESCRIPTION:"),
    ("DESCRIPTION:", "DESCRIPTION;LANGUAGE=en:"),
    ("X-CALPAGER-BODY;ENCODING=BASE64;VALUE=BINARY:", "X-CALPAGER-BODY:"),
    ("YQ0KYg==", "YQ0KYw=="),  // an exact body that no longer agrees with the text
    ("X-CALPAGER-CREATED:", "CATEGORIES:work\r\nX-CALPAGER-CREATED:"),
    ("END:VJOURNAL", "BEGIN:VALARM\r\nEND:VALARM\r\nEND:VJOURNAL"),
  ])
  func aChangedOlderJournalKeepsItsItem(line: String, changed: String) throws {
    let note = Note(
      uid: "u", day: TestCorpus.day("2024-05-01"), body: "a\r\nb",
      created: TestCorpus.time("2024-04-30T18:02:11.250Z"),
      updated: TestCorpus.time("2024-05-01T09:00:00.999Z"))
    let older = String(decoding: OlderExportForm.export([note]), as: UTF8.self)
    #expect(try decoded(older, .ics).first?.ical == nil)
    let text = older.replacingOccurrences(of: line, with: changed)
    #expect(text != older)
    let read = try #require(try decoded(text, .ics).first)
    #expect(read.ical?.contains(changed) == true)
  }
}
