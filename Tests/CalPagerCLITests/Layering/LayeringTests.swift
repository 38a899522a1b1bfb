import Foundation
import Testing

/// What issue 11 promised about where things live, checked on the tree itself: the store owns
/// SQL (the command line names no `Database` or `Statement` and holds no SQL text), and the
/// fuzz targets reach the command language through its target, not through symbolic links.
@Suite struct LayeringTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The Swift files below `folder` (relative to the root), with their text.
  static func swiftFiles(in folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    let paths = try #require(
      FileManager.default.subpathsOfDirectory(atPath: base.path) as [String]?)
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (
        folder + "/" + path,
        try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      )
    }
  }

  /// `text` without its comments (lines from `//` on), where prose may name anything.
  static func code(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }
  }

  /// The command line, and the calendars' module (their index's SQL is NoteStore's
  /// `EventIndex`).
  @Test(arguments: [("Sources/CalPagerCLI", 50), ("Sources/Calendars", 3)])
  func holdsNoSQLAndNoDatabaseHandle(folder: String, least: Int) throws {
    let files = try Self.swiftFiles(in: folder)
    #expect(files.count > least, "the sources of \(folder) were not found")
    let sql = try Regex(
      #""\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|CREATE|DROP)\b"#
    )
    let handles = try Regex(#"\b(Database|Statement)\b"#)
    for (path, text) in files {
      for (number, line) in Self.code(text).enumerated() {
        #expect(line.firstMatch(of: sql) == nil, "\(path):\(number + 1) holds SQL: \(line)")
        #expect(
          line.firstMatch(of: handles) == nil,
          "\(path):\(number + 1) uses the store's SQLite layer: \(line)")
      }
    }
  }

  @Test func theTreeHoldsNoSymbolicLinks() throws {
    for folder in ["Sources", "Tests", "Plugins", "Migrations"] {
      let base = Self.root.appendingPathComponent(folder)
      guard let paths = FileManager.default.enumerator(atPath: base.path) else { continue }
      for case let path as String in paths {
        let attributes = try FileManager.default.attributesOfItem(
          atPath: base.appendingPathComponent(path).path)
        #expect(
          attributes[.type] as? FileAttributeType != .typeSymbolicLink,
          "\(folder)/\(path) is a symbolic link")
      }
    }
  }

  /// Zones must work in the fully static build, which has no zone code of the C library or
  /// Foundation to ask: Recurrence reads TZif bytes itself, imports nothing that does I/O, and
  /// never names Foundation's `TimeZone`.
  @Test func zonesAreReadWithoutFoundationOrTheCLibrary() throws {
    let files = try Self.swiftFiles(in: "Sources/Recurrence")
    #expect(files.count > 20, "the recurrence sources were not found")
    let allowed: Set<String> = ["CalendarPaging", "DisplayText", "Synchronization"]
    let foundationZone = try Regex(#"\bTimeZone\b"#)
    let imports = try Regex(#"^\s*(?:public |internal |package )?import\s+(\w+)"#)
    for (path, text) in files {
      for (number, line) in Self.code(text).enumerated() {
        if let match = line.firstMatch(of: imports), let name = match.output[1].substring {
          #expect(allowed.contains(String(name)), "\(path):\(number + 1) imports \(name)")
        }
        #expect(
          line.firstMatch(of: foundationZone) == nil,
          "\(path):\(number + 1) names TimeZone: \(line)")
      }
    }
  }
}
