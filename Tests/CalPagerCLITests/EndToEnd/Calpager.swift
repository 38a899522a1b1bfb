import Foundation
import NoteStore
import TestSupport

/// Runs the built `calpager` binary on a database in its own temporary directory.
final class Calpager: @unchecked Sendable {
  let directory = TemporaryDirectory("e2e")
  /// The database every run uses unless told otherwise.
  var database: String { directory.file("calpager.db") }

  /// Runs `calpager --db DATABASE arguments…` with a fixed width, no colour and UTC.
  @discardableResult
  func run(
    _ arguments: [String], stdin: String? = nil, database: String? = nil,
    environment: [String: String?] = [:]
  ) throws -> ProcessResult {
    var merged: [String: String?] = [
      "TZ": "UTC", "NO_COLOR": nil, "COLUMNS": nil, "CALPAGER_DB": nil, "VISUAL": nil,
      "EDITOR": nil, "CALPAGER_TODAY": Calpager.today,
      // The events index of this run's calendars, not the user's.
      "XDG_CACHE_HOME": directory.file("cache"),
    ]
    for (key, value) in environment { merged[key] = value }
    return try runProcess(
      Products.path("calpager"), ["--db", database ?? self.database] + arguments,
      environment: merged, stdin: stdin.map { Array($0.utf8) })
  }

  /// Runs `script` with `/bin/sh -c`, where `$CALPAGER` names the binary and `$DB` the
  /// database, in the environment `run` uses: for redirections (`> /dev/full`), pipes and
  /// a umask.
  @discardableResult
  func shell(
    _ script: String, stdin: String? = nil, environment: [String: String?] = [:]
  ) throws -> ProcessResult {
    var merged: [String: String?] = [
      "TZ": "UTC", "NO_COLOR": nil, "COLUMNS": nil, "CALPAGER_DB": nil, "VISUAL": nil,
      "EDITOR": nil, "CALPAGER_TODAY": Calpager.today, "CALPAGER": Products.path("calpager"),
      "DB": database, "XDG_CACHE_HOME": directory.file("cache"),
    ]
    for (key, value) in environment { merged[key] = value }
    return try runProcess(
      "/bin/sh", ["-c", script], environment: merged, stdin: stdin.map { Array($0.utf8) },
      workingDirectory: directory.path)
  }

  /// Runs `calpager` with exactly `arguments` (no `--db` added).
  @discardableResult
  func runBare(_ arguments: [String], environment: [String: String?] = [:]) throws
    -> ProcessResult
  {
    var merged: [String: String?] = ["TZ": "UTC", "NO_COLOR": nil, "CALPAGER_DB": nil]
    for (key, value) in environment { merged[key] = value }
    return try runProcess(Products.path("calpager"), arguments, environment: merged)
  }

  /// Runs `calpager --db DATABASE arguments…` with arguments as raw bytes, which need not be
  /// valid UTF-8, in the same environment as `run`.
  @discardableResult
  func run(rawArguments: [[UInt8]], database: String? = nil) throws -> ProcessResult {
    try runProcess(
      Products.path("calpager"),
      rawArguments: [Array("--db".utf8), Array((database ?? self.database).utf8)] + rawArguments,
      environment: [
        "TZ": "UTC", "NO_COLOR": nil, "COLUMNS": nil, "CALPAGER_DB": nil,
        "CALPAGER_TODAY": Calpager.today,
      ])
  }

  /// Runs `calpager --db DATABASE arguments…` as the user nobody (uid and gid 65534), through
  /// `setpriv`; only in a test that `.requires(.anotherUser)` (root ignores file permissions,
  /// so a read-only file or directory is only read-only to another user).
  @discardableResult
  func runAsNobody(_ arguments: [String], database: String) throws -> ProcessResult {
    try runProcess(
      try Peer.anotherUser.path(),
      [
        "--reuid=65534", "--regid=65534", "--clear-groups", Products.path("calpager"), "--db",
        database,
      ]
        + arguments,
      environment: [
        "TZ": "UTC", "NO_COLOR": nil, "COLUMNS": nil, "CALPAGER_DB": nil,
        "CALPAGER_TODAY": Calpager.today, "HOME": "/nonexistent",
      ])
  }

  /// The day the runs take as today (`CALPAGER_TODAY`), unless a test says otherwise.
  static let today = "2030-06-15"

  /// Opens the database to look at what a run left.
  func store() throws -> NoteStore {
    try NoteStore(location: StoreLocation(path: database, createsParentDirectories: false))
  }

  /// Every file in the directory with its bytes, to check a failing command changed nothing.
  func snapshot() -> [String: [UInt8]] {
    directory.snapshot()
  }
}
