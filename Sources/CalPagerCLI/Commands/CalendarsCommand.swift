import CommandLanguage

/// `calendars [--rescan]`: the user's calendars, what each holds and what could not be read.
struct CalendarsCommand: CalPagerCommand {
  /// `--rescan`: stat every file, for edits in place.
  static let rescan = OptionKey.flag(
    "--rescan",
    help: "Stat every file of every calendar, not only of the folders that changed.")

  static let spec = CommandSpec(
    name: "calendars",
    abstract: "List your calendars and what could not be read.",
    discussion: """
      Lists each calendar: its name, its path, its events and recurring events, the files \
      it could not read with the reason, and what in its files could not be used as \
      written. Calendars are named in $XDG_CONFIG_HOME/calpager/config as \
      'calendar.NAME = PATH' lines (a folder of .ics files, such as a vdir vdirsyncer \
      keeps, or one .ics file); the sync folder (the setting sync-dir) is calendar notes. \
      calpager reads them, never writes them.

      Events are kept in an index, $XDG_CACHE_HOME/calpager/events.db, which is only a \
      cache: deleting it loses nothing. A program that writes by rename (vdirsyncer, khal, \
      calpager sync) changes its folder, which each command stats; a file edited in place \
      is seen after 'calpager calendars --rescan'.

      Examples:
        calpager calendars
        calpager calendars --rescan
        calpager calendars --json
      """,
    options: [rescan.declaration]
  )

  /// Whether to stat every file.
  var rescan = false

  func run(in context: CommandContext) throws -> CalendarsResult {
    let calendars = try context.calendars(rescan: rescan)
    return CalendarsResult(statuses: try calendars.statuses())
  }
}

extension CalendarsCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    rescan = try arguments.read(Self.rescan)
    try arguments.expectNoMoreWords()
  }
}
