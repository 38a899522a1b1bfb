/// Where a decoder reads bytes from: a file, standard input, memory.
///
/// The CLI implements it with `read(2)`; `ByteArraySource` serves tests.
public protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer` and returns how many it read: 0 only at
  /// the end of the input. Errors are passed on to the decoder's caller as they are.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Bytes held in memory, read in chunks of at most `chunkSize` bytes (small chunks let tests
/// cut records at every possible place).
public struct ByteArraySource: ByteSource, Sendable {
  private let bytes: [UInt8]
  private let chunkSize: Int
  private var offset = 0

  /// A source that reads `bytes`, at most `chunkSize` (≥ 1) of them per call.
  public init(_ bytes: [UInt8], chunkSize: Int = .max) {
    precondition(chunkSize >= 1, "a chunk holds at least one byte")
    self.bytes = bytes
    self.chunkSize = chunkSize
  }

  /// A source that reads the UTF-8 bytes of `text`.
  public init(_ text: String, chunkSize: Int = .max) {
    self.init(Array(text.utf8), chunkSize: chunkSize)
  }

  /// Copies the next chunk into `buffer`; 0 once every byte has been read.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, chunkSize, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
