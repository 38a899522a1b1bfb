// calpager-probe: drives the NoteStore SQLite layer from a separate process, for tests that
// need several processes on one database.
//
//   calpager-probe write DB WRITER COUNT   COUNT write transactions, one row each; prints
//                                          "ok WRITER N" after each commit returned
//   calpager-probe hold DB                 a read transaction that has read (a shared lock,
//                                          which keeps a writer's COMMIT waiting): prints
//                                          "held", ends it when a line comes on stdin, prints
//                                          "released", then exits at the end of stdin
import Glibc
import NoteStore

/// Writes a line straight to a file descriptor: the acknowledgement must be out before the
/// next write starts, whatever stdio buffering would do.
func say(_ text: String, to descriptor: Int32 = 1) {
  var line = text + "\n"
  line.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
}

func usage() -> Never {
  say("usage: calpager-probe write DB WRITER COUNT | hold DB", to: 2)
  exit(64)
}

let arguments = CommandLine.arguments
do {
  switch arguments.dropFirst().first {
  case "write":
    guard arguments.count == 5, let count = Int(arguments[4]) else { usage() }
    let writer = arguments[3]
    let store = try NoteStore(
      location: StoreLocation(path: arguments[2], createsParentDirectories: false))
    for number in 1...max(count, 1) {
      try store.database.write { database in
        try database.execute(
          "INSERT INTO settings (key, value) VALUES (?, ?)",
          [.text("probe.\(writer).\(number)"), .text("\(number)")])
      }
      say("ok \(writer) \(number)")
    }
  case "hold":
    guard arguments.count == 3 else { usage() }
    let database = try Database(path: arguments[2], mode: .readWrite)
    try database.read { database in
      _ = try database.scalarInt("SELECT count(*) FROM sqlite_schema")
      say("held")
      _ = readLine()
    }
    say("released")
    while readLine() != nil {}
  default:
    usage()
  }
} catch {
  say("Error: \(error)", to: 2)
  exit(1)
}
