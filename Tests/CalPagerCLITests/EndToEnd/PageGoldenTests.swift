import Foundation
import TestSupport
import Testing

/// The rendered page, byte for byte, in every layout the options allow.
///
/// Widths 40, 80 and 132, each selected position, with and without colour, with CJK and
/// emoji in notes and a note full of control characters. The goldens live in `Tests/CalPagerCLITests/Goldens`; after a deliberate
/// change, rerun with `CALPAGER_UPDATE_GOLDENS=1`, read the diff, and commit it.
@Suite struct PageGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Goldens")

  /// A database with today (2030-06-15) in view and notes that stress the layout.
  static func makeCalpager() throws -> Calpager {
    let calpager = Calpager()
    for (day, body) in [
      ("2030-06-13", "Dentist at 10:00"),
      (
        "2030-06-14",
        "会議 with 田中さん about the 新しい design 🎉🎉 and a long tail of words that has to wrap"
      ),
      ("2030-06-14", "Line one\nLine two, indented under the first\n\ttabbed"),
      (
        "2030-06-14",
        "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{7} bell\u{7} back\u{8}space cr\rend \u{202E}reversed\u{202C} done"
      ),
      ("2030-06-16", "👩‍👩‍👧 family dinner"),
    ] {
      let result = try calpager.run(["add", "--day", day, body])
      guard result.status == 0 else { throw CommandFailure(result.stderr) }
    }
    try calpager.run(["goto", "2030-06-14"])
    return calpager
  }

  struct CommandFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  static let positions = ["left", "right", "prefer-centered", "center"]

  @Test(arguments: [40, 80, 132])
  func pageAtWidth(_ width: Int) throws {
    let calpager = try PageGoldenTests.makeCalpager()
    for position in PageGoldenTests.positions {
      try calpager.run(["config", "set", "selected-position", position])
      for color in [false, true] {
        let result = try calpager.run(
          ["--width", "\(width)", "--color", color ? "always" : "never", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        let name = "page-\(width)-\(position)\(color ? "-color" : "").txt"
        try expectGolden(result.stdoutBytes, name)
        if !color {
          // No raw control character from the notes reaches the terminal.
          #expect(!result.stdoutBytes.contains { $0 < 0x20 && $0 != 0x0A })
          #expect(!result.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        } else {
          // Only SGR sequences: every ESC starts "ESC [ digits ; m".
          let text = result.stdout
          for range in text.ranges(of: "\u{1B}") {
            let sequence = text[range.lowerBound...].prefix { $0 != "m" }
            #expect(sequence.dropFirst().allSatisfy { "[0123456789;".contains($0) }, "\(sequence)")
          }
        }
      }
    }
  }

  @Test func positionsDifferAtTheFirstDay() throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "0001-01-02", "the second day of the calendar"])
    try calpager.run(["goto", "0001-01-01"])
    for position in PageGoldenTests.positions {
      try calpager.run(["config", "set", "selected-position", position])
      let result = try calpager.run(["--width", "80", "show"])
      try expectGolden(result.stdoutBytes, "page-80-\(position)-first-day.txt")
    }
  }

  @Test func theMenuCanSitBelowThePageWithABorder() throws {
    let calpager = try PageGoldenTests.makeCalpager()
    try calpager.run(["config", "set", "menu-position", "bottom"])
    try calpager.run(["config", "set", "border", "visible"])
    let result = try calpager.run(["--width", "80", "show"])
    try expectGolden(result.stdoutBytes, "page-80-bottom-border.txt")
  }
}
