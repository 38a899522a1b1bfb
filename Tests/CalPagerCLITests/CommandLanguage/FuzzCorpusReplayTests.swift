import CalendarPaging
import DisplayText
import Foundation
import Testing

@testable import CalPagerCLI
@testable import CommandLanguage

/// Replays the checked-in fuzz corpora (Tests/Fuzz/Corpus/…) through the properties the fuzz
/// targets check, so every input that once found a bug stays a regression test in
/// `swift test`, without libFuzzer.
@Suite struct FuzzCorpusReplayTests {
  static func corpus(_ target: String) throws -> [[UInt8]] {
    let directory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/\(target)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    return try names.map { name in
      Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
  }

  static func words(in bytes: [UInt8]) -> Result<[String], UsageError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(UsageError) in try Tokenizer.words(in: buffer) }
    }
  }

  @Test func tokenizerCorpus() throws {
    let inputs = try FuzzCorpusReplayTests.corpus("FuzzTokenizer")
    #expect(!inputs.isEmpty)
    for input in inputs {
      let valid = String(validating: input, as: UTF8.self) != nil
      switch FuzzCorpusReplayTests.words(in: input) {
      case .success(let words):
        #expect(valid)
        let line = words.map(Tokenizer.quoted).joined(separator: " ")
        #expect(try Tokenizer.words(in: line) == words, "\(input)")
      case .failure(let error):
        #expect(error.usage == .none)
        #expect(!error.description.unicodeScalars.contains(where: TerminalText.mustEscape))
      }
    }
  }

  @Test func commandParserCorpus() throws {
    let inputs = try FuzzCorpusReplayTests.corpus("FuzzCommandParser")
    #expect(!inputs.isEmpty)
    for input in inputs where !input.isEmpty {
      let mode: ParseMode = input[0] & 1 == 1 ? .shellLine : .commandLine
      let rest = Array(input.dropFirst())
      let words: Result<[String], UsageError> =
        mode == .shellLine
        ? FuzzCorpusReplayTests.words(in: rest)
        : .success(
          rest.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) })
      let parsed = words.flatMap { words in
        Result { () throws(UsageError) in
          words.isEmpty && mode == .shellLine
            ? nil : try parse(words, mode: mode)
        }
      }
      switch parsed {
      case .success(let invocation?):
        #expect(try parse(invocation.arguments, mode: mode) == invocation)
      case .success(nil):
        break
      case .failure(let error):
        #expect(!error.message.isEmpty && !error.message.contains("\n"))
        #expect(
          !error.description.unicodeScalars.contains { $0 != "\n" && TerminalText.mustEscape($0) })
      }
    }
  }

  @Test func dateRangeCorpus() throws {
    let inputs = try FuzzCorpusReplayTests.corpus("FuzzDateRange")
    #expect(!inputs.isEmpty)
    for input in inputs where input.count >= 8 {
      let text = String(decoding: input.dropFirst(8), as: UTF8.self)
      let days = [Day.first, Day("2024-05-01")!, Day.last]
      if let date = try? DateExpression(parsing: text) {
        #expect(try DateExpression(parsing: date.description) == date)
        for today in days {
          for selected in days {
            _ = try? date.resolve(today: today, selected: selected)
          }
        }
      }
      if let range = try? RangeExpression(parsing: text) {
        #expect(try RangeExpression(parsing: range.description) == range)
        for today in days {
          for selected in days {
            if let resolved = try? range.resolve(today: today, selected: selected) {
              #expect(resolved.lowerBound <= resolved.upperBound)
            }
          }
        }
      }
    }
  }
}
