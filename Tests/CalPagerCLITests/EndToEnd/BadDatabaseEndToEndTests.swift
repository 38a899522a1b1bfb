import Foundation
import NoteStore
import TestSupport
import Testing

/// Files that are not a usable calpager database: one clear line, exit 1, nothing touched.
@Suite struct BadDatabaseEndToEndTests {
  func expectRefused(
    _ calpager: Calpager, database: String, mentioning phrase: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = calpager.snapshot()
    // A read, and commands that would write: none may touch the file.
    for arguments in [["show"], ["add", "x"], ["goto", "2024-05-01"], ["import", "-"]] {
      let record = #"{"day":"2024-05-01","body":"x"}"# + "\n"
      let result = try calpager.run(
        arguments, stdin: arguments[0] == "import" ? record : nil, database: database)
      #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
      #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
      let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(
        lines.count == 2 && lines[1].isEmpty, "one line: \(result.stderr)",
        sourceLocation: sourceLocation)
      #expect(result.stderr.hasPrefix("Error: "), sourceLocation: sourceLocation)
      #expect(result.stderr.contains(phrase), "\(result.stderr)", sourceLocation: sourceLocation)
      #expect(
        calpager.snapshot() == before, "files changed by \(arguments)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func randomBytes() throws {
    let calpager = Calpager()
    let path = calpager.directory.file("random.db")
    try writeFile(path, (0..<4096).map { _ in UInt8.random(in: 0...255) })
    try expectRefused(calpager, database: path, mentioning: "is not a calpager database")
  }

  @Test func aTruncatedDatabase() throws {
    let calpager = Calpager()
    let full = calpager.directory.file("full.db")
    do {
      let store = try NoteStore(
        location: StoreLocation(path: full, createsParentDirectories: false))
      try store.database.write { database in
        for number in 0..<1000 {
          try database.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)",
            [.text("k\(number)"), .text(String(repeating: "v", count: 300))])
        }
      }
    }
    let bytes = try #require(contentsOfFile(full))
    let path = calpager.directory.file("truncated.db")
    try writeFile(path, Array(bytes.prefix(bytes.count / 3)))
    try expectRefused(calpager, database: path, mentioning: "is damaged")
  }

  @Test func anotherApplicationsSQLiteFile() throws {
    let calpager = Calpager()
    let path = calpager.directory.file("other.db")
    do {
      let other = try Database(path: path)
      try other.execute(script: "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT);")
    }
    try expectRefused(calpager, database: path, mentioning: "another application")
  }

  @Test func aDatabaseFromANewerCalpager() throws {
    let calpager = Calpager()
    do {
      let store = try NoteStore(
        location: StoreLocation(path: calpager.database, createsParentDirectories: false))
      try store.database.execute(
        "INSERT INTO calpager_migrations (name, applied) VALUES ('0042_from_the_future', 0)")
    }
    try expectRefused(calpager, database: calpager.database, mentioning: "newer calpager")
  }

  @Test func aPathThatIsADirectory() throws {
    let calpager = Calpager()
    let path = calpager.directory.file("folder")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try expectRefused(calpager, database: path, mentioning: "is a directory")
  }

  @Test func aMissingParentDirectory() throws {
    let calpager = Calpager()
    try expectRefused(
      calpager, database: calpager.directory.file("no/such/dir/x.db"),
      mentioning: "does not exist")
    #expect(!FileManager.default.fileExists(atPath: calpager.directory.file("no")))
  }

  @Test func theDefaultPathGetsItsDirectoriesCreated() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("home")
    let result = try calpager.runBare(
      ["show"], environment: ["HOME": home, "XDG_DATA_HOME": nil])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/calpager/calpager.db"))
    let xdg = calpager.directory.file("xdg")
    #expect(try calpager.runBare(["show"], environment: ["XDG_DATA_HOME": xdg]).status == 0)
    #expect(FileManager.default.fileExists(atPath: xdg + "/calpager/calpager.db"))
    let env = calpager.directory.file("env.db")
    #expect(try calpager.runBare(["show"], environment: ["CALPAGER_DB": env]).status == 0)
    #expect(FileManager.default.fileExists(atPath: env))
  }
}
