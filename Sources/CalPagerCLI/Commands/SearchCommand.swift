import CalendarPaging
import CommandLanguage
import DisplayText
import NoteStore

/// `search QUERY… [--limit N | --all] [--from DATE] [--to DATE]`: full-text search of the
/// notes.
struct SearchCommand: CalPagerCommand {
  /// `<query> ...`: the words to search for.
  static let words = ArgumentKey.query(help: "The words to search for.")
  /// `--limit <n>`: the most matches shown.
  static let limit = OptionKey.number(
    "--limit", valueName: "n",
    help: "Show at most N matches, 1 to 1000000. (default: \(defaultLimit))",
    limit: largestLimit, what: "limit")
  /// `--all`: every match.
  static let all = OptionKey.flag("--all", help: "Show every match.")
  /// `--from <date>`: the first day searched.
  static let from = ExportCommand.from.with(
    help: "The first day to search. (default: the first day)")
  /// `--to <date>`: the last day searched.
  static let to = ExportCommand.to.with(help: "The last day to search. (default: the last day)")

  static let spec = CommandSpec(
    name: "search",
    abstract: "Search the notes' and events' text.",
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
      more matched. Events are found by their summary, description and location with the \
      same query, each event once (its next occurrence from today, else its last), listed \
      after the notes. --from and --to take a DATE each (a month or a week given to --to ends \
      on its last day).

      Examples:
        calpager search dentist
        calpager search bank AND mortgage
        calpager search '(bank OR dentist)' -mortgage
        calpager search '"call the bank"' --from 2024-01 --to 2024-06
        calpager search 日本 --all
      """,
    arguments: [words.declaration],
    options: [limit.declaration, all.declaration, from.declaration, to.declaration],
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
      let events = session.events.map { source in
        let found = source.events(
          matching: { query.matches($0) }, in: days, near: context.today)
        return (source, limit.map { Array(found.prefix($0)) } ?? found, found.count)
      }
      return SearchResult(
        query: words.joined(separator: " "), results: results,
        events: events.map { SearchResult.Events(source: $0.0, found: $0.1, total: $0.2) })
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
    spec.failure("the query cannot be searched: \(error.description)")
  }
}

extension SearchCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    words = try arguments.read(Self.words)
    let all = try arguments.read(Self.all)
    if all && arguments.contains(Self.limit) {
      throw arguments.failure("'--limit' and '--all' cannot be used together: give one")
    }
    limit = all ? nil : try arguments.read(Self.limit) ?? Self.defaultLimit
    (from, to) = try arguments.dateBounds(Self.from, Self.to)
  }
}
