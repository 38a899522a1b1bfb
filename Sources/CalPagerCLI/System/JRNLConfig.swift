import Glibc
import Interchange

/// The one setting calpager reads from jrnl's own configuration, `jrnl.yaml`: the
/// `timeformat` its journal file is written in, so that a user who changed it need not say it
/// again to import that file.
enum JRNLConfig {
  /// `$XDG_CONFIG_HOME/jrnl/jrnl.yaml`, else `~/.config/jrnl/jrnl.yaml`, where jrnl keeps it.
  static func path(environment: [String: String]) -> String? {
    XDGDirectory.config.path(of: "/jrnl/jrnl.yaml", environment: environment)
  }

  /// The top-level `timeformat:` of jrnl's configuration; nil when there is no such file or
  /// key (jrnl's default then holds).
  ///
  /// Only that one line of the YAML is read: a plain, `'single'` or `"double"` quoted scalar,
  /// as jrnl writes it (`timeformat: '%F %r'`).
  ///
  /// - Throws: `CLIError.badJRNLTimeFormat` naming the file and line when calpager cannot read
  ///   the format it names.
  static func timeFormat(environment: [String: String]) throws(CLIError) -> JRNLTimeFormat? {
    guard let path = path(environment: environment), let bytes = ZoneFiles.read(path) else {
      return nil
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where line.hasPrefix("timeformat:") {
      let value = scalar(line.dropFirst("timeformat:".count))
      do throws(JRNLTimeFormatError) {
        return try JRNLTimeFormat(value)
      } catch {
        throw .badJRNLTimeFormat(path: path, line: index + 1, error)
      }
    }
    return nil
  }

  /// A one-line YAML scalar: quoted (`''` stands for `'` inside single quotes) or plain, up
  /// to a ` #` comment.
  private static func scalar(_ text: Substring) -> String {
    let value = text.drop { $0 == " " || $0 == "\t" }
    if value.first == "'" {
      var result = ""
      var rest = value.dropFirst()
      while let character = rest.popFirst() {
        if character == "'" {
          guard rest.first == "'" else { break }
          rest = rest.dropFirst()
        }
        result.append(character)
      }
      return result
    }
    if value.first == "\"" {
      return String(value.dropFirst().prefix { $0 != "\"" })
    }
    let plain = value.firstRange(of: " #").map { value[..<$0.lowerBound] } ?? value
    return String(plain.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
