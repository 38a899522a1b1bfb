import Foundation
import TestSupport
import Testing

@testable import CalPagerCLI

/// `calpager completions`: the scripts loaded into the shells they are for, and asked to
/// complete partial command lines.
@Suite struct CompletionScriptTests {
  let directory = TemporaryDirectory("completions")

  /// Writes `calpager completions shell` to a file and returns its path.
  func script(_ shell: String) throws -> String {
    let result = try runProcess(Products.path("calpager"), ["completions", shell])
    #expect(result.status == 0, "\(result.stderr)")
    let path = directory.file("calpager.\(shell)")
    try writeFile(path, result.stdout)
    return path
  }

  @Test func theCommandPrintsEachScriptAndRefusesOtherShells() throws {
    let calpager = try InProcess()
    #expect(try calpager.run("completions bash").contains("complete -F _calpager calpager\n"))
    #expect(try calpager.run("completions zsh").hasPrefix("#compdef calpager\n"))
    #expect(try calpager.run("completions fish").contains("complete -c calpager -f\n"))
    let report = try #require(calpager.failure("completions tcsh"))
    #expect(report.status == 64)
    #expect(report.message == "Unknown shell 'tcsh': expected bash, zsh or fish")
    #expect(calpager.failure("completions")?.status == 64)
  }

  /// bash: `complete -p` shows the function; the function, called as bash calls it for a
  /// partial line, fills `COMPREPLY` with what `compgen` kept.
  @Test func bashCompletesThroughItsFunction() throws {
    let path = try script("bash")
    let lines: [(String, String)] = [
      ("calpager exp", "export"),
      ("calpager s", "show search sync shell"),
      ("calpager export --for", "--format"),
      ("calpager export --format ''", "jsonl json csv ics md"),
      ("calpager export --format = j", "jsonl json"),
      ("calpager import x.ics --format ''", "jsonl json csv ics jrnl jrnl-text"),
      ("calpager --db x.db goto to", "today tomorrow"),
      ("calpager config ''", "list get set unset"),
      ("calpager config set menu-po", "menu-position"),
      ("calpager config set menu-position ''", "top bottom"),
      ("calpager config get menu-position ''", ""),
      ("calpager help comp", "completions"),
      ("calpager completions ''", "bash zsh fish"),
      ("calpager add -- --j", ""),
      ("calpager goto -2 --j", "--json"),
      ("calpager --color a", "auto always"),
      ("calpager backup \(directory.path)/calpager.b", "\(directory.path)/calpager.bash"),
    ]
    var program = """
      source \(Tmux.quoted(path))
      complete -p calpager
      t() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        COMPREPLY=(); _calpager; echo "${COMPREPLY[*]}"
      }

      """
    for (line, _) in lines { program += "t \(line)\n" }
    let result = try runProcess("/bin/bash", ["--norc", "--noprofile", "-c", program])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(output.first == "complete -F _calpager calpager")
    for (index, (line, expected)) in lines.enumerated() where index + 1 < output.count {
      #expect(String(output[index + 1]) == expected, "\(line)")
    }
  }

  /// zsh: the script loads after `compinit` and registers `_calpager`; with `compadd`,
  /// `_describe` and `_files` replaced by functions that print what they are given, the
  /// function offers what each partial line calls for.
  @Test(.requires(.zsh))
  func zshLoadsAndOffersWhatEachWordNeeds() throws {
    let path = try script("zsh")
    let program = """
      autoload -U compinit && compinit -u -d \(Tmux.quoted(directory.file("zcompdump")))
      source \(Tmux.quoted(path))
      print -r -- "registered: $_comps[calpager]"
      compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; shift; print -r -- "$*"; }
      _describe() { local name=$4; print -r -- "${#${(P)name}} described"; }
      _files() { print -r -- files; }
      compset() { :; }
      t() { words=("$@"); CURRENT=${#words}; _calpager; }
      t calpager ''
      t calpager export --format ''
      t calpager export --format=c
      t calpager config set first-weekday ''
      t calpager goto ''
      t calpager import ''
      t calpager next -
      """
    let result = try runProcess(try Peer.zsh.path(), ["-f", "-c", program])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let commands = CompletionModel(mode: .commandLine).commands.count
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "registered: _calpager",
        "\(commands) described",
        "jsonl json csv ics md",
        "jsonl json csv ics md",
        "monday tuesday wednesday thursday friday saturday sunday",
        "today yesterday tomorrow",
        "files",
        "--with-notes --by --db --json --color --width --version -h --help",
      ])
  }

  /// fish: the script loads, and `complete -C` lists what fish would offer.
  @Test(.requires(.fish))
  func fishLoadsAndCompletes() throws {
    let path = try script("fish")
    let lines: [(String, [String])] = [
      ("calpager exp", ["export\tWrite the notes to a file or standard output."]),
      ("calpager export --format ", ["csv", "ics", "json", "jsonl", "md"]),
      ("calpager config ", ["get", "list", "set", "unset"]),
      ("calpager config set menu-position ", ["bottom", "top"]),
      ("calpager --db x.db goto to", ["today", "tomorrow"]),
      ("calpager next --wi", ["--width", "--with-notes"]),
      ("calpager help comp", ["completions"]),
    ]
    var program = "source \(Tmux.quoted(path))\n"
    for (line, _) in lines {
      program += "complete -C \(Tmux.quoted(line)); echo ---\n"
    }
    let result = try runProcess(try Peer.fish.path(), ["--no-config", "-c", program])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let blocks = result.stdout.components(separatedBy: "---\n")
    for (index, (line, expected)) in lines.enumerated() where index < blocks.count {
      let offered = blocks[index].split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
      if expected.count == 1, expected[0].contains("\t") {
        #expect(blocks[index] == expected[0] + "\n", "\(line)")
      } else {
        #expect(offered == expected, "\(line)")
      }
    }
  }
}
