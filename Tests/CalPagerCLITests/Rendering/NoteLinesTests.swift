import CalendarPaging
import Foundation
import Interchange
import NoteModel
import TestSupport
import Testing

@testable import CalPagerCLI

/// The one-pass layout of plain text (`PlainWrap`) gives exactly the lines of the general
/// one (escape, then `TextWrap`), whatever the text and the width.
@Suite struct NoteLinesTests {
  /// Pieces notes are made of: words, runs of spaces, tabs, newlines, accents, CJK, emoji,
  /// combining marks, joiners, controls, long words.
  static let pieces = [
    "a", "word", "longerword", "x", " ", "  ", "   ", "\t", "\n", "é", "naïve", "café", "日本",
    "語", "🙂", "👍🏽", "e\u{301}", " \u{301}", "\u{200D}", "🏳️‍🌈", "\u{1B}[31m", "\r\n", "\r",
    "\u{7}", "\u{202E}", "ｗｉｄｅ", "supercalifragilisticexpialidocious", "-", "\"", "\\",
    "🇫🇷", "\u{FE0F}", "한국어", "\u{0600}x", "😀😀", ".",
  ]

  /// The lines `note` gets at `width`, by the one-pass path when allowed.
  func lines(_ note: Note, width: Int, plain: Bool) -> String {
    let path = NSTemporaryDirectory() + "lines-\(UUID().uuidString)"
    let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(descriptor)
      unlink(path)
    }
    let output = Output(descriptor: descriptor)
    var layout = NoteLines(style: Style(json: false, color: false, width: width), notes: [note])
    layout.append(note, to: output, allowingPlain: plain)
    output.flush()
    return String(decoding: contentsOfFile(path) ?? [], as: UTF8.self)
  }

  /// Pieces of plain text only: words, spaces, tabs, newlines, accents, CJK, emoji.
  static let plainPieces = [
    "a", "word", "longerword", " ", "  ", "\t", "\n", "é", "naïve", "日本", "🙂", "x\ty",
    "supercalifragilisticexpialidocious", "\"", "\\",
  ]

  /// Pieces of printable ASCII, which the one-pass path lays out line by line: words long
  /// and short, runs of spaces, tabs, newlines.
  static let asciiPieces = [
    "a", "word", "longerword", " ", "  ", "   ", "\t", "\n", "x", "-", "\"", "\\", ".",
    "supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis",
  ]

  @Test(arguments: [NoteLinesTests.pieces, NoteLinesTests.plainPieces, NoteLinesTests.asciiPieces])
  func plainAndGeneralLayoutsAgree(pieces: [String]) {
    var random = SplitMix64(seed: 20_261_201)
    for round in 0..<3000 {
      var body = ""
      for _ in 0..<random.next(in: 1...40) {
        body += pieces[random.next(in: 0...(pieces.count - 1))]
      }
      let note = Note(
        id: random.next(in: 1...12_000), uid: "u", day: .first, body: body,
        created: Timestamp(millisecondsSinceEpoch: 0)!,
        updated: Timestamp(millisecondsSinceEpoch: 0)!)
      let width = random.next(in: 6...120)
      let plain = lines(note, width: width, plain: true)
      let general = lines(note, width: width, plain: false)
      #expect(plain == general, "round \(round), width \(width): \(body.debugDescription)")
      if plain != general { return }
    }
  }

  @Test func aPlainNoteIsWrappedAtSpacesAndContinuedUnderItsText() {
    let note = Note(
      id: 7, uid: "u", day: .first, body: "one two three four five six seven eight\tnine",
      created: Timestamp(millisecondsSinceEpoch: 0)!, updated: Timestamp(millisecondsSinceEpoch: 0)!
    )
    #expect(
      lines(note, width: 30, plain: true)
        == "  #7  one two three four five\n      six seven eight nine\n")
  }
}
