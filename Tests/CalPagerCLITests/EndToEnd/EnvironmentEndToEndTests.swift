import CalendarPaging
import Foundation
import TestSupport
import Testing

/// Issue 12, items 8–10: the environment and dates.
///
/// An invalid `CALPAGER_TODAY` or an empty `CALPAGER_DB` is a usage error, never a silent
/// fallback; no `HOME` means no default database; every DATE or RANGE outside the calendar is
/// a usage error; an explicit `--color always` wins over `NO_COLOR`.
@Suite struct EnvironmentEndToEndTests {
  // MARK: - Item 8

  @Test(arguments: ["2024-02-30", "garbage", ""])
  func anInvalidTodayIsAUsageErrorNamingTheVariable(value: String) throws {
    let calpager = Calpager()
    let result = try calpager.run(["show"], environment: ["CALPAGER_TODAY": value])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: Invalid CALPAGER_TODAY: '\(value)' is not a date"))
    #expect(!FileManager.default.fileExists(atPath: calpager.database), "a database was made")
  }

  @Test func anEmptyDatabaseVariableIsRefusedLikeAnEmptyOption() throws {
    let calpager = Calpager()
    let home = calpager.directory.file("home")
    let variable = try calpager.runBare(
      ["add", "Lunch"],
      environment: ["CALPAGER_DB": "", "HOME": home, "XDG_DATA_HOME": nil])
    let option = try calpager.runBare(
      ["--db", "", "add", "Lunch"], environment: ["HOME": home, "XDG_DATA_HOME": nil])
    #expect(option.status == 64)
    #expect(variable.status == 64)
    #expect(
      variable.stderr
        == "Error: The environment variable CALPAGER_DB is empty: unset it to use the default "
        + "database, or set it to a file\n")
    #expect(!FileManager.default.fileExists(atPath: home), "the default database was used")
  }

  @Test(arguments: [nil, "", "relative/home"] as [String?])
  func noHomeAndNoDataHomeIsAnErrorNotADatabaseHere(home: String?) throws {
    let calpager = Calpager()
    let result = try runProcess(
      Products.path("calpager"), ["add", "Lunch"],
      environment: [
        "HOME": home, "XDG_DATA_HOME": nil, "CALPAGER_DB": nil,
        "CALPAGER_TODAY": Calpager.today,
      ],
      workingDirectory: calpager.directory.path)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: No place for the default database: $HOME"))
    let left = try FileManager.default.contentsOfDirectory(atPath: calpager.directory.path)
    #expect(left.isEmpty, "files made in the current directory: \(left)")
  }

  // MARK: - Item 9

  @Test(arguments: [
    ["goto", "-800000"], ["goto", "+3652059"], ["goto", "+3000000"], ["list", "-1000000..today"],
    ["list", "today..+3000000"], ["add", "--day", "-900000", "x"], ["mv", "1", "+3000000"],
    ["export", "--from", "-900000"], ["export", "--to", "+3000000"], ["list", "+5..-5"],
  ])
  func aDateOutsideTheCalendarIsAUsageErrorEverywhere(arguments: [String]) throws {
    let calpager = Calpager()
    try calpager.run(["add", "--day", "2024-05-01", "Dentist"])
    let before = calpager.snapshot()
    let result = try calpager.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("\nUsage: calpager \(arguments[0])"), "\(result.stderr)")
    #expect(calpager.snapshot() == before)
  }

  @Test func aStepPastTheEdgeStaysARuntimeError() throws {
    let calpager = Calpager()
    try calpager.run(["goto", "0001-01-01"])
    #expect(try calpager.run(["prev"]).status == 1)
    try calpager.run(["goto", "9999-12-29"])
    #expect(try calpager.run(["next", "5"]).status == 1)
  }

  @Test func aShellLineWithADateOutsideTheCalendarSaysExit64() throws {
    let calpager = Calpager()
    let result = try calpager.run(["shell", "--json"], stdin: "goto -800000\n")
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    #expect((object as? [String: Any])?["exit"] as? Int == 64)
  }

  // MARK: - Item 10

  @Test func anExplicitColorAlwaysWinsOverNoColor() throws {
    let calpager = Calpager()
    let always = try calpager.run(["--color", "always", "show"], environment: ["NO_COLOR": "1"])
    #expect(always.stdout.contains("\u{1B}["), "no colour with --color always")
    let auto = try calpager.run(["show"], environment: ["NO_COLOR": "1"])
    #expect(!auto.stdout.contains("\u{1B}["))
    let help = try calpager.run(["--help"])
    #expect(help.stdout.contains("always (even with NO_COLOR set)"))
  }
}
