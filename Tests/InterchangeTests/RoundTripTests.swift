import CalendarPaging
import Interchange
import Testing

@Suite struct RoundTripTests {
  static let formats: [Format] = [.jsonl, .json, .csv, .ics]

  @Test(arguments: formats)
  func encodeDecodeEncodeIsByteIdentical(format: Format) throws {
    let first = NoteEncoder.encode(TestCorpus.notes, format: format)
    let decoded = try NoteDecoder.decodeAll(first, format: format)
    #expect(decoded.count == TestCorpus.notes.count)
    var withoutIDs = TestCorpus.notes
    for index in withoutIDs.indices { withoutIDs[index].id = nil }
    #expect(decoded.map(\.note) == withoutIDs)
    let second = NoteEncoder.encode(decoded.map(\.note), format: format)
    #expect(second == first)
  }

  @Test(arguments: formats, [1, 2, 3, 7, 64, 4096])
  func decodingDoesNotDependOnChunkSize(format: Format, chunkSize: Int) throws {
    let encoded = NoteEncoder.encode(TestCorpus.notes, format: format)
    var decoder = try NoteDecoder(
      format: format, source: ByteArraySource(encoded, chunkSize: chunkSize))
    var notes: [DecodedNote] = []
    while let note = try decoder.next() { notes.append(note) }
    #expect(notes == (try NoteDecoder.decodeAll(encoded, format: format)))
  }

  @Test(arguments: formats)
  func recordLinesPointAtTheRecordStart(format: Format) throws {
    let encoded = NoteEncoder.encode(TestCorpus.notes, format: format)
    let decoded = try NoteDecoder.decodeAll(encoded, format: format)
    let lines = encoded.split(separator: 0x0A, omittingEmptySubsequences: false)
    for note in decoded {
      let text = String(decoding: lines[note.line - 1], as: UTF8.self)
      switch format {
      case .jsonl, .json: #expect(text.hasPrefix("{\"uid\":"))
      case .csv: #expect(text.hasPrefix("uid-") || text.hasPrefix("\"uid-"))
      case .ics: #expect(text == "BEGIN:VJOURNAL\r")
      case .md, .jrnl, .jrnlText: Issue.record("not in this test")
      }
    }
  }
}
