import CalendarPaging
import DisplayText
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

@Suite struct UsageErrorTests {
  @Test func printsMessageUsageAndHelpPointer() {
    #expect(
      usageError(["next", "-3"])?.description == """
        Error: '-3' is not a valid count: N must be positive; to go the other way, use 'prev 3'
        Usage: calpager next [<n>] [--with-notes] [--by <unit>]
          See 'calpager help next' for more information.
        """)
  }

  @Test func printsTheRootUsageForUnknownCommands() {
    #expect(
      usageError(["nxt"])?.description == """
        Error: unknown command 'nxt'; did you mean 'next'?
        Usage: calpager <subcommand>
          See 'calpager --help' for more information.
        """)
  }

  @Test func alignsSeveralUsageLinesAndWrapsLongOnes() {
    #expect(
      usageError(["config"])?.description == """
        Error: missing config action: expected list, get <key>, set <key> <value> or unset <key>
        Usage: calpager config list
               calpager config get <key>
               calpager config set <key> <value>
               calpager config unset <key>
          See 'calpager help config' for more information.
        """)
    #expect(
      usageError(["export", "x"])?.description == """
        Error: unexpected argument 'x'
        Usage: calpager export [--format <format>] [--from <date>] [--to <date>]
                               [-o <file>]
          See 'calpager help export' for more information.
        """)
  }

  @Test func quotingErrorsHaveNoUsage() {
    let error = UsageError("unterminated single quote starting at column 5", usage: .none)
    #expect(error.description == "Error: unterminated single quote starting at column 5")
    #expect(error.usageLines.isEmpty)
  }

  @Test func theInterpreterCanRaiseOne() {
    let error = UsageError(
      "no setting 'colour'; did you mean 'color'?", usage: usage(of: "config"))
    #expect(error.usageLines.first == "calpager config list")
    #expect(UsageError.exitStatus == 64)
  }

  @Test func quotesInputOnOneSafeLine() {
    #expect(Quote.quoted("plain") == "'plain'")
    #expect(Quote.quoted("a\nb\u{1B}]0;x\u{7}") == #"'a\nb\e]0;x\x07'"#)
    #expect(
      Quote.quoted(String(repeating: "é", count: 70)) == "'"
        + String(repeating: "é", count: 64) + "…'")
  }
}
