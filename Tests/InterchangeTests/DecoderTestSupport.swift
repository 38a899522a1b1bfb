import Interchange
import Testing

/// Decodes `text` in `format` and returns the description of the error it fails with, or nil.
func decodingError(_ text: String, _ format: Format) -> String? {
  decodingError(Array(text.utf8), format)
}

/// Decodes `bytes` in `format` and returns the description of the error it fails with, or nil.
func decodingError(_ bytes: [UInt8], _ format: Format) -> String? {
  do {
    _ = try NoteDecoder.decodeAll(bytes, format: format)
    return nil
  } catch {
    return "\(error)"
  }
}

/// Decodes `text` in `format`, expecting success.
func decoded(_ text: String, _ format: Format) throws -> [DecodedNote] {
  try NoteDecoder.decodeAll(Array(text.utf8), format: format)
}
