import CommandLanguage
import Foundation
import TestSupport
import Testing

@testable import CalPagerCLI

/// `calpager help --man`: calpager(1) written from the registry, rendered by groff.
@Suite struct ManPageTests {
  @Test func everyCommandIsThereAsItsHelpDescribesIt() throws {
    let calpager = try InProcess()
    let page = try calpager.run("help --man")
    #expect(
      page.hasPrefix(".TH CALPAGER 1 \"\" \"calpager \(CalPager.version)\" \"User Commands\"\n"))
    for spec in CommandRegistry.grammar.commands {
      #expect(page.contains("\n.SS \(ManPage.escaped(spec.name))\n"), "\(spec.name)")
      #expect(page.contains(ManPage.escaped(spec.abstract)), "\(spec.name)")
      for usage in spec.usage {
        #expect(page.contains("\n.PP\n" + ManPage.formatted(usage) + "\n"), "\(usage)")
      }
      for argument in spec.arguments {
        #expect(
          page.contains(
            ".TP\n\(ManPage.formatted(argument.label))\n\(ManPage.escaped(argument.help))\n"),
          "\(spec.name) \(argument.label)")
      }
      for option in spec.options {
        #expect(
          page.contains(
            ".TP\n\(ManPage.formatted(option.option.label))\n\(ManPage.escaped(option.help))\n"),
          "\(spec.name) \(option.option.label)")
      }
    }
    for option in Option.global {
      #expect(page.contains(ManPage.escaped(CommandSpec.globalHelp(option))), "\(option.long)")
    }
    #expect(!page.contains("\n\n"), "no blank line: roff would keep it")
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "beyond ASCII only as \\[uXXXX]")
  }

  @Test func manTakesNoSubcommand() throws {
    let calpager = try InProcess()
    let report = try #require(calpager.failure("help export --man"))
    #expect(report.status == 64)
    #expect(report.message == "--man prints the whole manual: give no subcommand with it")
  }

  @Test func escapingKeepsRoffRequestsOut() {
    #expect(ManPage.escaped(".not a request") == "\\&.not a request")
    #expect(ManPage.escaped("'quoted") == "\\&'quoted")
    #expect(ManPage.escaped("a\\b -c ← é") == "a\\eb \\-c \\[u2190] \\[u00E9]")
    #expect(ManPage.formatted("calpager next [<n>]") == "\\fBcalpager\\fR \\fBnext\\fR [\\fIn\\fR]")
  }

  @Test(.requires(.groff))
  func groffRendersItWithoutAWarning() throws {
    let directory = TemporaryDirectory("man")
    let result = try runProcess(Products.path("calpager"), ["help", "--man"])
    #expect(result.status == 0)
    let path = directory.file("calpager.1")
    try writeFile(path, result.stdoutBytes)
    let rendered = try runProcess(
      try Peer.groff.path(), ["-man", "-Tutf8", "-ww", path], environment: ["LC_ALL": "C.UTF-8"])
    #expect(rendered.status == 0)
    #expect(rendered.stderr.isEmpty, "groff warned: \(rendered.stderr)")
    // groff overstrikes bold text (c\bc): read the letters.
    var plain = ""
    for character in rendered.stdout {
      if character == "\u{8}" {
        if !plain.isEmpty { plain.removeLast() }
      } else {
        plain.append(character)
      }
    }
    #expect(plain.contains("calpager - a persistent calendar pager for the terminal"))
    #expect(plain.contains("← h"), "characters beyond ASCII come through")
    for spec in CommandRegistry.grammar.commands {
      #expect(plain.contains("\n   \(spec.name)\n"), "\(spec.name)")
    }
  }
}
