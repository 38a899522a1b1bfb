import Foundation

/// Finds and runs the package's built executables from tests.
public enum Products {
  /// The directory holding the built products: the one holding the running test bundle, so it
  /// follows `--scratch-path` and the configuration.
  public static let directory: String = {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
    // The test binary sits inside `calpagerPackageTests.xctest` on some layouts.
    while url.path != "/" && url.pathExtension == "xctest" {
      url.deleteLastPathComponent()
    }
    return url.path
  }()

  /// The path of the built product `name`.
  ///
  /// `CALPAGER_TEST_BINARY` names another `calpager` to run instead of the one built here: to
  /// run new end-to-end tests against an older build (and see them fail there).
  public static func path(_ name: String) -> String {
    if name == "calpager", let other = ProcessInfo.processInfo.environment["CALPAGER_TEST_BINARY"],
      !other.isEmpty
    {
      return other
    }
    return directory + "/" + name
  }
}

/// What a finished process left behind.
public struct ProcessResult: Sendable {
  /// The exit status (or 128 + signal).
  public let status: Int32
  /// Everything written to standard output.
  public let stdout: String
  /// Everything written to standard error.
  public let stderr: String
  /// The raw bytes of standard output.
  public let stdoutBytes: [UInt8]
}

/// Runs `executable` with `arguments`, feeding `stdin`, and waits for it.
///
/// The environment is the test process's with `environment` laid over it; a value of nil
/// removes a variable.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
  stdin: [UInt8]? = nil, workingDirectory: String? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  var merged = ProcessInfo.processInfo.environment
  for (key, value) in environment {
    merged[key] = value
  }
  process.environment = merged
  if let workingDirectory {
    process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
  }
  let output = Pipe()
  let error = Pipe()
  let input = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = stdin == nil ? FileHandle.nullDevice : input
  try process.run()
  // Drain both pipes while the child runs, so a large output cannot block it.
  nonisolated(unsafe) var outputData = Data()
  nonisolated(unsafe) var errorData = Data()
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errorData = error.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  if let stdin {
    // A child may exit without reading all of its input (a refused command): the write then
    // fails with EPIPE instead of killing the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
    try? input.fileHandleForWriting.close()
  }
  process.waitUntilExit()
  group.wait()
  let status =
    process.terminationReason == .uncaughtSignal
    ? 128 + process.terminationStatus : process.terminationStatus
  return ProcessResult(
    status: status,
    stdout: String(decoding: outputData, as: UTF8.self),
    stderr: String(decoding: errorData, as: UTF8.self),
    stdoutBytes: [UInt8](outputData))
}
