import CommandLanguage

/// `search QUERY…`: full-text search of the notes.
struct SearchCommand: CalPagerCommand {
  static let spec = CommandSpec(
    name: "search",
    abstract: "Search the notes' text.",
    discussion: """
      The words of QUERY are joined by one space and looked up with SQLite's full-text \
      search. The best matches come first, each with its day, its id and a snippet.

      Examples:
        calpager search dentist
        calpager search bank mortgage
      """,
    usage: ["calpager search <query> ..."],
    arguments: [Argument(label: "<query> ...", help: "The words to search for.")]
  )

  /// The query: the words joined by one space.
  let query: String

  func run(in context: CommandContext) throws -> SearchResult {
    SearchResult(query: query, hits: try context.store.search(query))
  }
}

extension SearchCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    query = try arguments.query()
  }
}
