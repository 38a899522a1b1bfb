import CalendarPaging
import CommandLanguage
import DisplayText
import NoteStore

/// `search QUERY… [--limit N | --all] [--from DATE] [--to DATE]`: full-text search of the
/// notes.
struct SearchCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "search",
    abstract: "Search the notes' text.",
    discussion: """
      Every word of QUERY must be found, as a whole word, with case and accents ignored \
      (cafe finds café); a word ending in * is a prefix. Words are taken literally \
      (10:00, e-mail, don't and c++ find what they say) unless the query uses SQLite's \
      full-text syntax: AND, OR, NOT, NEAR, parentheses or double quotes. -word (any word \
      starting with - that is not an option, or a word after --) leaves out the notes \
      holding it. Text without spaces between words (Chinese, Japanese, Korean) is found \
      inside words, from one character up.

      The best matches come first (then the newest), each with its day, its id and a \
      snippet; at most 50 unless --limit or --all says otherwise, and a line says how many \
      more matched. --from and --to take a DATE each (a month or a week given to --to ends \
      on its last day).

      Examples:
        calpager search dentist
        calpager search bank AND mortgage
        calpager search '(bank OR dentist)' -mortgage
        calpager search '"call the bank"' --from 2024-01 --to 2024-06
        calpager search 日本 --all
      """,
    usage: ["calpager search <query> ... [--limit <n>] [--all] [--from <date>] [--to <date>]"],
    arguments: [Argument(label: "<query> ...", help: "The words to search for.")],
    options: [
      OptionHelp(
        .limit, help: "Show at most N matches, 1 to 1000000. (default: \(defaultLimit))"),
      OptionHelp(.all, help: "Show every match."),
      OptionHelp(.from, help: "The first day to search. (default: the first day)", kind: .date),
      OptionHelp(.to, help: "The last day to search. (default: the last day)", kind: .date),
    ],
    takesDashWords: true
  )

  /// The matches shown when neither `--limit` nor `--all` is given.
  static let defaultLimit = 50
  /// The largest `--limit`.
  static let largestLimit = 1_000_000

  /// The words of the query, as given.
  let words: [String]
  /// The most matches shown; nil for `--all`.
  var limit: Int? = SearchCommand.defaultLimit
  /// `--from`: the first day searched; nil for no lower bound.
  var from: DateExpression?
  /// `--to`: the last day searched; nil for no upper bound.
  var to: DateExpression?

  func run(in context: CommandContext) throws -> SearchResult {
    // The query is read before the database is opened: a malformed one changes nothing.
    let query = try Self.query(words)
    let session = try context.session
    let days = try DateExpression.days(
      from: from, to: to, today: context.today, selected: try session.selectedDay())
    do {
      let results = try session.store.search(
        query, limit: limit, from: days.lowerBound, to: days.upperBound)
      return SearchResult(query: words.joined(separator: " "), results: results)
    } catch let error as SearchQueryError {
      throw Self.usageError(error)
    }
  }

  /// The query `words` make.
  ///
  /// - Throws: `UsageError` naming what is wrong with a malformed query.
  static func query(_ words: [String]) throws(UsageError) -> SearchQuery {
    do {
      return try SearchQuery(words: words)
    } catch {
      throw usageError(error)
    }
  }

  /// A malformed query as a usage error of `search`.
  static func usageError(_ error: SearchQueryError) -> UsageError {
    UsageError(
      "the query cannot be searched: \(error.description)",
      usage: .command(name: spec.name, lines: spec.usage))
  }
}

extension SearchCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    _ = try arguments.query()
    words = arguments.words
    if let given = arguments.value(.limit) {
      guard !arguments.flag(.all) else {
        throw arguments.failure("'--limit' and '--all' cannot be used together: give one")
      }
      guard let count = ParsedArguments.positiveNumber(given.value, limit: Self.largestLimit)
      else {
        throw arguments.failure(
          "\(Quote.quoted(given.value)) is not a valid limit: expected a whole number from 1 "
            + "to \(Self.largestLimit)")
      }
      limit = count
    } else if arguments.flag(.all) {
      limit = nil
    }
    (from, to) = try arguments.dateBounds(from: .from, to: .to)
  }
}
