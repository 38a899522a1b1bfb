import Foundation
import Glibc

/// Runs `executable` with arguments given as raw bytes, which need not be valid UTF-8 (a
/// `String` argument cannot carry an invalid byte: `Process` would pass U+FFFD instead).
///
/// Standard output and error go to files in a temporary directory, so a large output cannot
/// block the child; the environment is the test process's with `environment` laid over it.
public func runProcess(
  _ executable: String, rawArguments: [[UInt8]], environment: [String: String?] = [:],
  stdin: [UInt8] = []
) throws -> ProcessResult {
  let directory = TemporaryDirectory("raw-process")
  let inputPath = directory.file("stdin")
  let outputPath = directory.file("stdout")
  let errorPath = directory.file("stderr")
  try writeFile(inputPath, stdin)
  var merged = ProcessInfo.processInfo.environment
  for (key, value) in environment {
    merged[key] = value
  }
  let argv = ([Array(executable.utf8)] + rawArguments).map {
    bytes -> UnsafeMutablePointer<CChar>? in
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
    copy[bytes.count] = 0
    return copy
  }
  let envp = merged.map { strdup("\($0.key)=\($0.value)") }
  defer {
    for pointer in argv { pointer?.deallocate() }
    for pointer in envp { free(pointer) }
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  var pid: pid_t = 0
  let code = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
  guard code == 0 else {
    throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let output = contentsOfFile(outputPath) ?? []
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ProcessResult(
    status: exitStatus,
    stdout: String(decoding: output, as: UTF8.self),
    stderr: String(decoding: contentsOfFile(errorPath) ?? [], as: UTF8.self),
    stdoutBytes: output)
}
