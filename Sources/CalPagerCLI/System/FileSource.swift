import Glibc
import Interchange

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
