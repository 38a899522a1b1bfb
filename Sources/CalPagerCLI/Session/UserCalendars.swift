import Calendars
import DisplayText
import Interchange
import Recurrence

/// The user's calendars as a command reads them: the config file's `calendar.NAME` lines,
/// then the sync folder (the setting `sync-dir`) as calendar `notes`, through the events
/// index in `$XDG_CACHE_HOME/calpager/events.db`.
enum UserCalendars {
  /// The system's tz database (and Windows names), read once per zone per process.
  static let resolver = ZoneFiles.resolver()
  /// How a `TZID` without a usable `VTIMEZONE` in its file is resolved.
  static let zones: ZoneLookup = { resolver.zone(forTZID: $0) }

  /// The calendars named in the config file and the sync folder.
  ///
  /// - Throws: `CLIError.badConfig` naming the config file's line that is wrong.
  static func sources(config: UserConfig, syncDirectory: String?) -> [CalendarSource] {
    var sources = config.calendars
    if let syncDirectory, !syncDirectory.isEmpty {
      sources.insert(
        CalendarSource(name: CalendarSource.syncFolderName, path: syncDirectory), at: 0)
    }
    return sources
  }

  /// Opens the calendars and brings their index up to date (or puts that off until a page
  /// needs it: `EventCalendars.open`); the files first seen failing are said on stderr, a
  /// line each, when it is brought up to date.
  ///
  /// `config` is the config file as the command already read it: it is read once a command.
  ///
  /// - Throws: An error of the index only when not even one in memory can be made.
  static func open(
    config: UserConfig, environment: [String: String], syncDirectory: String?,
    rescan: Bool = false
  ) throws -> EventCalendars {
    try EventCalendars.open(
      sources: sources(config: config, syncDirectory: syncDirectory),
      cachePath: CalendarSource.cachePath(environment: environment), zones: zones,
      rescan: rescan
    ) { notices in
      let errors = Output(descriptor: 2)
      for notice in notices {
        errors.line("calpager: " + TerminalText.singleLine(notice))
      }
      _ = errors.flush()
    }
  }
}

extension CommandContext {
  /// The user's calendars (see `UserCalendars`), the sync folder taken from the store's
  /// setting.
  func calendars(rescan: Bool = false) throws -> EventCalendars {
    let directory = try store.settings()[SyncSettings.directory]
    return try UserCalendars.open(
      config: UserConfig.load(environment: environment), environment: environment,
      syncDirectory: directory, rescan: rescan)
  }
}
