import Foundation

/// A fresh directory under the system temporary directory, removed when the value is freed.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The directory's path.
  public let path: String

  /// Creates the directory.
  public init(_ label: String = "calpager") {
    let base = FileManager.default.temporaryDirectory.path
    path = base + "/\(label)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String {
    path + "/" + name
  }

  /// Every file in the directory with its bytes, to check that a failing command changed
  /// nothing.
  public func snapshot() -> [String: [UInt8]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return Dictionary(uniqueKeysWithValues: names.map { ($0, contentsOfFile(file($0)) ?? []) })
  }
}

/// The bytes of the file at `path`, or nil when it cannot be read.
public func contentsOfFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// Writes `bytes` to `path`, replacing it.
public func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes `text` to `path`, replacing it.
public func writeFile(_ path: String, _ text: String) throws {
  try writeFile(path, Array(text.utf8))
}
