// calpager-probe: drives the NoteStore SQLite layer from a separate process, for tests that
// need several processes on one database.
//
//   calpager-probe write DB WRITER COUNT   COUNT write transactions, one row each; prints
//                                          "ok WRITER N" after each commit returned
import Glibc
import NoteStore

/// Writes a line straight to a file descriptor: the acknowledgement must be out before the
/// next write starts, whatever stdio buffering would do.
func say(_ text: String, to descriptor: Int32 = 1) {
  var line = text + "\n"
  line.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "write", let count = Int(arguments[4]) else {
  say("usage: calpager-probe write DB WRITER COUNT", to: 2)
  exit(64)
}
let writer = arguments[3]
do {
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
} catch {
  say("Error: \(error)", to: 2)
  exit(1)
}
