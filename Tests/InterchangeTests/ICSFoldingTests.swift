import CalendarPaging
import Foundation
import Interchange
import NoteModel
import Testing

/// Lines of an `ics` export are folded at 75 octets, never inside a UTF-8 sequence.
@Suite struct ICSFoldingTests {
  static func ics(body: String, uid: String = "u") -> [UInt8] {
    NoteEncoder.encode(
      [
        Note(
          uid: uid, day: TestCorpus.day("2024-05-01"), body: body,
          created: TestCorpus.time("2024-05-01T00:00:00.000Z"),
          updated: TestCorpus.time("2024-05-01T00:00:00.000Z"))
      ], format: .ics)
  }

  /// The physical lines (without CRLF) of the `SUMMARY` property (a one-line body's).
  static func summaryLines(_ ics: [UInt8]) -> [String] {
    let lines = String(decoding: ics, as: UTF8.self).components(separatedBy: "\r\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("SUMMARY:") }) else { return [] }
    var result = [lines[start]]
    for line in lines[(start + 1)...] {
      guard line.hasPrefix(" ") else { break }
      result.append(line)
    }
    return result
  }

  @Test func aLineOfExactly75OctetsIsNotFolded() {
    let lines = Self.summaryLines(Self.ics(body: String(repeating: "a", count: 67)))
    #expect(lines == ["SUMMARY:" + String(repeating: "a", count: 67)])
    #expect(lines[0].utf8.count == 75)
  }

  @Test func the76thOctetStartsAContinuationLine() {
    let lines = Self.summaryLines(Self.ics(body: String(repeating: "a", count: 68)))
    #expect(lines == ["SUMMARY:" + String(repeating: "a", count: 67), " a"])
  }

  @Test(arguments: [("é", 2), ("日", 3), ("🙂", 4)])
  func aMultiByteCharacterThatWouldCrossOctet75MovesWhole(character: String, octets: Int) {
    // 8 octets of name, then enough ASCII that the character would end at octet 76.
    let padding = String(repeating: "a", count: 76 - 8 - octets)
    let lines = Self.summaryLines(Self.ics(body: padding + character + "z"))
    #expect(lines == ["SUMMARY:" + padding, " " + character + "z"])
    #expect(lines[0].utf8.count == 76 - octets)
  }

  @Test(arguments: [("é", 2), ("日", 3), ("🙂", 4)])
  func aMultiByteCharacterEndingAtOctet75Stays(character: String, octets: Int) {
    let padding = String(repeating: "a", count: 75 - 8 - octets)
    let lines = Self.summaryLines(Self.ics(body: padding + character + "z"))
    #expect(lines == ["SUMMARY:" + padding + character, " z"])
    #expect(lines[0].utf8.count == 75)
  }

  @Test func anEscapeIsNotSplitAcrossLines() {
    let padding = String(repeating: "a", count: 66)
    let lines = Self.summaryLines(Self.ics(body: padding + ";"))
    #expect(lines == ["SUMMARY:" + padding, " \\;"])
  }

  /// Every length and mix of 1- to 4-byte characters: lines stay within 75 octets, a line is
  /// folded only when the next character or escape does not fit, no line starts inside a
  /// UTF-8 sequence, and unfolding gives back the one long line.
  @Test(arguments: ["a", "é", "日", "🙂", "a\\", "é,日;🙂\n", "👩‍👩‍👧e\u{301}"])
  func foldingInvariants(unit: String) throws {
    for count in 1...90 {
      let body = String(repeating: unit, count: count)
      let uid = body.replacingOccurrences(of: "\n", with: "")
      let ics = Self.ics(body: body, uid: uid)
      let physical = ics.split(separator: 0x0A).map { Array($0.dropLast()) }  // drop CR
      for (index, line) in physical.enumerated() {
        #expect(line.count <= 75)
        if line.first == 0x20 {
          #expect(line.count == 1 || line[1] & 0xC0 != 0x80)
          #expect(physical[index - 1].count > 71)  // folded only when the next atom did not fit
        }
      }
      let unfolded = String(decoding: ics, as: UTF8.self).replacingOccurrences(
        of: "\r\n ", with: "")
      let decoded = try NoteDecoder.decodeAll(Array(unfolded.utf8), format: .ics)
      #expect(decoded.first?.body == body)
      #expect(decoded.first?.uid == uid)
    }
  }
}
