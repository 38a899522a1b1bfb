import CalendarPaging
import DisplayText

@testable import CalPagerCLI

/// libFuzzer entry: the first byte picks a setting, the rest is its value.
///
/// A value must either be refused with a one-line `CLIError.invalidSetting` naming it, or be accepted
/// with a canonical form that reads back to the same options. The whole input is also tried
/// as a setting name, and measured by `DisplayWidth`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let keys = SettingKey.allCases
  let key = keys[Int(selector) % keys.count]
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

  var options = MenuOptions()
  do {
    try options.set(key, to: text)
    let canonical = options.value(for: key)
    let again = try MenuOptions.canonicalValue(canonical, for: key)
    precondition(again == canonical, "canonical form is not stable")
    let stored = MenuOptions(settings: [key.rawValue: canonical])
    precondition(stored == options, "canonical form reads back to other options")
  } catch {
    precondition(error == .invalidSetting(text, key: key), "wrong error")
    precondition(options == MenuOptions(), "a refused value changed the options")
    check(message: error.description)
  }

  do {
    let parsed = try SettingKey(parsing: text)
    precondition(parsed.rawValue == text, "a setting name read as another")
  } catch {
    check(message: error.description)
  }

  let width = DisplayWidth.of(text)
  precondition(width >= 0 && width <= 2 * text.unicodeScalars.count, "impossible width")
  let (prefix, prefixWidth) = DisplayWidth.prefix(of: text[...], fittingIn: Int(selector))
  precondition(prefixWidth <= Int(selector) && text.hasPrefix(prefix), "bad prefix")
  return 0
}

/// Error lines: one line, sentence case, no trailing period.
func check(message: String) {
  precondition(!message.contains("\n") && !message.contains("\r"), "multi-line message")
  precondition(message.first?.isUppercase == true, "message not in sentence case")
  precondition(!message.hasSuffix("."), "message ends with a period")
}
