import CalendarPaging
import Interchange
import Testing

/// One rule for an empty input in every format (issue 12 item 14): empty or only white space
/// (a byte order mark included) means no records, never an error.
@Suite struct EmptyInputTests {
  static let inputs = ["", "\u{FEFF}", " ", "\n", "\r\n\r\n", " \t\n  \r\n", "\u{FEFF}\n \n"]

  @Test(arguments: Format.importable, inputs)
  func anEmptyInputHoldsNoRecords(format: Format, text: String) throws {
    for chunkSize in [1, 3, 4096] {
      var decoder = try NoteDecoder(
        format: format, source: ByteArraySource(text, chunkSize: chunkSize))
      #expect(try decoder.next() == nil)
      #expect(decoder.report == ImportReport())
    }
  }

  /// A control: what is not white space is still read (and here refused).
  @Test(arguments: Format.importable)
  func aLoneCharacterIsNotEmpty(format: Format) {
    #expect(decodingError(" x ", format) != nil)
  }
}
