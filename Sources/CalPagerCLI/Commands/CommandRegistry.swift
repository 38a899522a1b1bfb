import CommandLanguage

/// Every calpager command, in the order help lists them: the one list the parser, help, the
/// dispatcher (one-shot and line mode), the completions and the man page read.
enum CommandRegistry {
  /// The commands.
  static let commands: [any CalPagerCommand.Type] = [
    ShowCommand.self,
    NextCommand.self,
    PrevCommand.self,
    GotoCommand.self,
    TodayCommand.self,
    AddCommand.self,
    EditCommand.self,
    RemoveCommand.self,
    MoveCommand.self,
    ListCommand.self,
    SearchCommand.self,
    UndoCommand.self,
    ExportCommand.self,
    ImportCommand.self,
    SyncCommand.self,
    CalendarsCommand.self,
    ConfigCommand.self,
    CheckCommand.self,
    BackupCommand.self,
    BrowseCommand.self,
    ShellCommand.self,
    HelpCommand.self,
    CompletionsCommand.self,
    QuitCommand.self,
    BeginCommand.self,
    CommitCommand.self,
    RollbackCommand.self,
  ]

  /// The commands by their names (a spec's name).
  private static let commandsByName = Dictionary(
    uniqueKeysWithValues: commands.map { ($0.spec.name, $0) })

  /// The command language of these commands.
  static let grammar = Grammar(
    commands: commands.map { $0.spec }, defaultCommand: ShowCommand.spec.name,
    suggestionAliases: [
      "remove": "rm", "delete": "rm", "del": "rm", "move": "mv", "previous": "prev",
      "back": "prev", "forward": "next", "ls": "list", "find": "search", "grep": "search",
      "go": "goto", "jump": "goto", "new": "add", "create": "add", "settings": "config",
      "set": "config", "q": "quit", "calendar": "calendars",
    ])

  /// The command type named `name` (a spec's name), or nil for a name no command has.
  static func command(named name: String) -> (any CalPagerCommand.Type)? {
    commandsByName[name]
  }
}
