import Testing

@testable import Interchange

@Suite struct UTF8ValidationTests {
  func offset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
  }

  @Test func acceptsWhatSwiftAccepts() {
    for text in ["", "ascii", "é", "日本語", "🙂", "\u{10FFFF}", "\u{FFFD}", "\u{0}"] {
      #expect(offset(Array(text.utf8)) == nil, "\(text)")
    }
  }

  @Test func agreesWithTheStandardLibraryOnEveryTwoByteInput() {
    for first in 0...255 {
      for second in 0...255 {
        let bytes = [UInt8(first), UInt8(second)]
        let valid = String(validating: bytes, as: UTF8.self) != nil
        #expect((offset(bytes) == nil) == valid, "\(bytes)")
      }
    }
  }

  @Test func agreesWithTheStandardLibraryOnThreeAndFourByteLeads() {
    for lead in [0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5] {
      for second in stride(from: 0x70, through: 0xC0, by: 0x08) {
        for third in [0x7F, 0x80, 0xBF, 0xC0] {
          for fourth in [0x7F, 0x80, 0xBF] {
            let bytes = [lead, second, third, fourth].map(UInt8.init)
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((offset(bytes) == nil) == valid, "\(bytes)")
          }
        }
      }
    }
  }

  @Test func pointsAtTheFirstBadSequence() {
    #expect(offset([0x61, 0x62, 0xE2, 0x82]) == 2)
    #expect(offset([0xE2, 0x82, 0xAC, 0xFF]) == 3)
  }
}
