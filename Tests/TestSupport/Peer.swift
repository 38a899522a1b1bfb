import Foundation
import Testing

/// Something outside the package that some tests need: a program (tmux, zsh, groff), the
/// Python peers, a file (the time zone database) or a capability (making device nodes).
///
/// One skip policy for every test: a test that needs a peer says so with `.requires(peer)`.
/// Where the peer is missing the test is skipped, and the test report shows one line naming
/// the peer and how to get it; with `CALPAGER_REQUIRE_PEERS=1` (CI) the test fails with that
/// line instead, so a run that should have every peer never skips one. Peers a test can
/// provide itself are provided, not skipped: the Python packages are installed into a virtual
/// environment under `.build/` (see `PythonPeers`).
///
/// ```swift
/// @Test(.requires(.zsh)) func zshLoadsTheScript() throws {
///   let zsh = try Peer.zsh.path()
///   …
/// }
/// ```
public struct Peer: Sendable, CustomStringConvertible {
  /// What the peer is called in messages (`zsh`, `the Python peers`).
  public let name: String
  /// What is missing when it is, as a sentence (`zsh is not installed`).
  public let absence: String
  /// How to get it (`apt-get install zsh`).
  public let remedy: String
  private let found: Lazily<String?>

  /// A peer that `locate` finds: a path, or nil when it is missing.
  ///
  /// `locate` runs once, the first time a test asks; it throws when the peer should be there but could not be set up
  /// (a failed install), which fails the tests that need it.
  public init(
    _ name: String, absence: String, remedy: String,
    locate: @escaping @Sendable () throws -> String?
  ) {
    self.name = name
    self.absence = absence
    self.remedy = remedy
    found = Lazily(locate)
  }

  /// A program found on `PATH`.
  public static func program(_ name: String, remedy: String) -> Peer {
    Peer(name, absence: "\(name) is not installed", remedy: remedy) {
      Self.executable(named: name)
    }
  }

  /// Where the peer is (a path), or nil when it is missing.
  public func location() throws -> String? {
    try found.value()
  }

  /// Whether the peer is here (a peer that failed to set up is not).
  public var isAvailable: Bool {
    ((try? location()) ?? nil) != nil
  }

  /// The peer's path; throws `PeerError.missing` when it is missing.
  public func path() throws -> String {
    guard let path = try location() else { throw PeerError.missing(self) }
    return path
  }

  /// The line a skipped test shows: what is missing and how to get it.
  public var description: String {
    "\(absence): \(remedy)"
  }

  /// Whether a missing peer fails the tests that need it instead of skipping them
  /// (`CALPAGER_REQUIRE_PEERS=1`, set by `.ci/run`).
  public static var areRequired: Bool {
    let value = ProcessInfo.processInfo.environment["CALPAGER_REQUIRE_PEERS"] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// Whether a test needing this peer runs: true when the peer is here, false when it is
  /// missing (the test is skipped); throws when it is missing and peers are required, or when
  /// it failed to set up (the test fails with the error).
  public func allowsRunning() throws -> Bool {
    if try location() != nil { return true }
    if Self.areRequired { throw PeerError.required(self) }
    return false
  }

  /// The first executable file called `name` in the directories of `PATH`.
  public static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = "\(directory)/\(name)"
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }
}

/// Why a test could not have the peer it needs.
public enum PeerError: Error, CustomStringConvertible {
  /// The peer is missing (asked for outside a test that `.requires` it).
  case missing(Peer)
  /// The peer is missing and `CALPAGER_REQUIRE_PEERS` forbids skipping.
  case required(Peer)
  /// The peer should be here but setting it up failed: what was run and what it printed.
  case setUpFailed(String, String)

  /// The message, naming the peer and how to get it.
  public var description: String {
    switch self {
    case .missing(let peer):
      "\(peer.absence): \(peer.remedy)"
    case .required(let peer):
      "\(peer.absence): \(peer.remedy) (CALPAGER_REQUIRE_PEERS=1 fails a test whose peer is "
        + "missing instead of skipping it)"
    case .setUpFailed(let what, let output):
      "Cannot set up \(what): \(output)"
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test (or every test of the suite) only where `peer` is here; see `Peer`.
  ///
  /// Skipped, the report shows `Test name() skipped: "zsh is not installed: apt-get install
  /// zsh"`; with `CALPAGER_REQUIRE_PEERS=1` the test fails with that line instead.
  public static func requires(
    _ peer: Peer, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(Comment(rawValue: peer.description), sourceLocation: sourceLocation) {
      try peer.allowsRunning()
    }
  }
}

/// A value computed once, the first time it is asked for, by whichever thread asks first;
/// an error is kept and rethrown to every later caller.
final class Lazily<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<Value, any Error>?
  private let compute: @Sendable () throws -> Value

  init(_ compute: @escaping @Sendable () throws -> Value) {
    self.compute = compute
  }

  func value() throws -> Value {
    lock.lock()
    defer { lock.unlock() }
    if result == nil {
      result = Result { try compute() }
    }
    return try result!.get()
  }
}
