extension Tokenizer {
  /// `word` written so that `words(in:)` reads it back as one word: as it is when it holds
  /// only characters that need no quoting, else in single quotes (a `'` inside becoming
  /// `'\''`).
  public static func quoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
          UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="),
          UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: "@"), 0x80...0xFF:
          return true
        default:
          return false
        }
      }
    if plain { return word }
    var result = "'"
    for character in word.unicodeScalars {
      if character == "'" {
        result += "'\\''"
      } else {
        result.unicodeScalars.append(character)
      }
    }
    return result + "'"
  }
}
