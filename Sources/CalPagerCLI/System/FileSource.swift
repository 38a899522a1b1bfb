import Interchange

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes read with `read(2)` from a file descriptor, for the import decoders.
struct FileSource: ByteSource {
  /// The descriptor read.
  let descriptor: Int32
  /// The name in messages: a path or "standard input".
  let name: String

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR {
        throw CLIError.cannotRead(name: name, reason: String(cString: strerror(errno)))
      }
    }
  }
}

/// An import's input, read ahead up to its first byte that is not white space, so that an
/// input holding nothing else (after a UTF-8 byte order mark) is known to be empty before a
/// decoder reads it: zero records in every format, as an empty JSON Lines file always was.
///
/// The bytes read ahead are handed on unchanged. At most `peekLimit` bytes of white space are
/// read ahead; an input with more before its first record is left to its decoder.
struct BlankAwareSource: ByteSource {
  private var base: FileSource
  private var ahead: [UInt8] = []
  private var offset = 0
  /// Whether the whole input is empty or white space.
  private(set) var isBlank = false

  /// The most white space read ahead: 1 MiB.
  static let peekLimit = 1 << 20

  /// Reads `base` ahead until its first byte that is not white space, or its end.
  ///
  /// - Throws: What `base` throws.
  init(_ base: FileSource) throws {
    self.base = base
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while ahead.count < BlankAwareSource.peekLimit {
      let count = try chunk.withUnsafeMutableBytes { try self.base.read(into: $0) }
      if count == 0 {
        isBlank = true
        return
      }
      let start = ahead.count
      ahead.append(contentsOf: chunk[..<count])
      let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
      for index in start..<ahead.count {
        let byte = ahead[index]
        let inMark = index < 3 && ahead[...index].elementsEqual(bom[...index])
        if !inMark && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return }
      }
    }
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard offset < ahead.count else { return try base.read(into: buffer) }
    let count = min(buffer.count, ahead.count - offset)
    ahead.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
