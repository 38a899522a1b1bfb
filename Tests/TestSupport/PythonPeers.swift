import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The Python the tests run their Python peers with: Radicale, vdirsyncer, icalendar and the
/// other packages pinned in `Tests/Scripts/requirements.txt`.
///
/// The running `python3` (the first on `PATH`) when it has every package at its pinned
/// version; else a virtual environment under `.build/test-peers/venv`, made with `python3 -m
/// venv` and `pip install -r Tests/Scripts/requirements.txt` the first time a test needs it
/// (PyPI is reachable wherever pip is), under a file lock so that test processes running at
/// once do not race, and reused while requirements.txt has the hash recorded beside it.
///
/// Scripts and commands the tests start get that Python first: `Interpreter.environment`
/// puts its folders (its `bin/`, where `radicale`, `vdirsyncer` and `khal` are) first on
/// `PATH`, so the `sync-command` a script configures finds them too.
public enum PythonPeers {
  /// A Python with every package, and the folders its commands are in.
  public struct Interpreter: Sendable {
    /// The Python executable.
    public let executable: String
    /// The folders its console scripts are in, first on `PATH` for what the tests start.
    public let binaries: [String]

    /// `PATH` with `binaries` first, to lay over a test process's environment.
    public var environment: [String: String?] {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
      return ["PATH": (binaries + [path]).joined(separator: ":")]
    }

    /// Runs this Python with `arguments`, in the test process's environment with
    /// `environment` and then this Python's `PATH` laid over it.
    public func run(
      _ arguments: [String], environment: [String: String?] = [:], stdin: [UInt8]? = nil
    ) throws -> ProcessResult {
      try runProcess(
        executable, arguments, environment: environment.merging(self.environment) { $1 },
        stdin: stdin)
    }
  }

  /// The package's root directory.
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// `Tests/Scripts/requirements.txt`.
  public static let requirements = packageRoot + "/Tests/Scripts/requirements.txt"

  /// Where the virtual environment and its lock live.
  public static let folder = packageRoot + "/.build/test-peers"

  private static let shared = Lazily<Interpreter?> {
    guard let python = try Peer.python3.location() else { return nil }
    return try interpreter(python: python, folder: folder, requirements: requirements)
  }

  /// The Python with every package (made the first time it is asked for), or nil when there
  /// is no `python3` that can make a virtual environment; throws when installing failed.
  public static func interpreter() throws -> Interpreter? {
    try shared.value()
  }

  /// The Python with every package of `requirements`.
  ///
  /// `python` itself when it has them all, else the virtual environment `folder/venv`, made
  /// from `python` when it is missing or was made from other requirements. Nil when `python`
  /// has no working `venv` module.
  package static func interpreter(python: String, folder: String, requirements: String)
    throws -> Interpreter?
  {
    if let found = try probe(python, requirements: requirements) { return found }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let lock = try FileLock(folder + "/lock")
    defer { lock.unlock() }
    let venv = folder + "/venv"
    let recorded = venv + "/requirements.hash"
    let hash = try requirementsHash(requirements)
    // Another process may have made it while this one waited for the lock.
    if let text = contentsOfFile(recorded), String(decoding: text, as: UTF8.self) == hash,
      let found = try probe(venv + "/bin/python3", requirements: requirements)
    {
      return found
    }
    guard try makeVirtualEnvironment(venv, python: python) else { return nil }
    let pip = [
      "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements,
    ]
    let installed = try runProcess(venv + "/bin/python3", pip)
    guard installed.status == 0 else {
      throw PeerError.setUpFailed(
        "the Python peers with '\(venv)/bin/python3 \(pip.joined(separator: " "))'",
        String((installed.stdout + installed.stderr).suffix(3000)))
    }
    guard let found = try probe(venv + "/bin/python3", requirements: requirements) else {
      throw PeerError.setUpFailed(
        "the Python peers in '\(venv)'", "pip installed them but they cannot be imported")
    }
    try writeFile(recorded, hash)
    return found
  }

  /// Makes an empty virtual environment at `venv` (removing what is there); false when
  /// `python` cannot (Debian's python3 without python3-venv has no ensurepip).
  private static func makeVirtualEnvironment(_ venv: String, python: String) throws -> Bool {
    try? FileManager.default.removeItem(atPath: venv)
    let made = try runProcess(python, ["-m", "venv", venv])
    if made.status != 0 {
      try? FileManager.default.removeItem(atPath: venv)
      return false
    }
    return true
  }

  /// Whether `python` has every package of `requirements` at its pinned version: its
  /// interpreter when it has, nil when it has not (or does not run).
  private static func probe(_ python: String, requirements: String) throws -> Interpreter? {
    guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
    let result = try runProcess(python, ["-c", probeScript, requirements])
    guard result.status == 0 else { return nil }
    let lines = result.stdout.split(separator: "\n").map(String.init)
    guard let executable = lines.first else { return nil }
    let folders = lines.dropFirst().filter { FileManager.default.fileExists(atPath: $0) }
    return Interpreter(executable: executable, binaries: Array(folders))
  }

  /// Exits 0 when every `name==version` line of the file named by its argument is installed
  /// at that version, printing the executable and the folders of its console scripts (the
  /// scheme's, then the user scheme's, where `pip install --user` puts them); exits 3 when
  /// one is not.
  private static let probeScript = """
    import os, sys, sysconfig
    from importlib import metadata
    for line in open(sys.argv[1], encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, version = line.partition("==")
        try:
            found = metadata.version(name.strip())
        except metadata.PackageNotFoundError:
            sys.exit(3)
        if version and found != version.strip():
            sys.exit(3)
    print(sys.executable)
    print(os.path.dirname(sys.executable))
    for scheme in (sysconfig.get_default_scheme(), os.name + "_user"):
        print(sysconfig.get_path("scripts", scheme))
    """

  /// The FNV-1a hash of the requirements file's bytes, in hexadecimal.
  private static func requirementsHash(_ path: String) throws -> String {
    guard let bytes = contentsOfFile(path) else {
      throw PeerError.setUpFailed("the Python peers", "cannot read '\(path)'")
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}

/// An exclusive `flock` on a file, held until `unlock` (or the process ends).
struct FileLock {
  private let descriptor: Int32

  /// Waits for the lock on `path`, creating the file.
  init(_ path: String) throws {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw PeerError.setUpFailed("the lock '\(path)'", String(cString: strerror(errno)))
    }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw PeerError.setUpFailed("the lock '\(path)'", reason)
      }
    }
  }

  func unlock() {
    close(descriptor)
  }
}
