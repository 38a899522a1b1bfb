import CalendarPaging
import Testing

@testable import CalPagerCLI

/// The command parsed from command-line words.
func command(_ words: [String], mode: ParseMode = .commandLine) throws -> Command {
  try CommandParser.parse(words, mode: mode).command
}

/// The command parsed from one shell line.
func command(line: String) throws -> Command? {
  try CommandParser.parseLine(line)?.command
}

/// The usage error the words give, or nil when they parse.
func usageError(_ words: [String], mode: ParseMode = .commandLine) -> UsageError? {
  do {
    _ = try CommandParser.parse(words, mode: mode)
    return nil
  } catch {
    return error
  }
}

/// The message of the usage error the words give, or nil when they parse.
func message(_ words: [String], mode: ParseMode = .commandLine) -> String? {
  usageError(words, mode: mode)?.message
}

/// A day from its ISO form; the form must be valid.
func day(_ text: String) -> Day {
  Day(text)!
}
