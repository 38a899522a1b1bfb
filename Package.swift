// swift-tools-version:6.0
import PackageDescription

// Fuzz targets are declared only when `CALPAGER_FUZZ` is set, so a plain `swift build` never
// links them (they need `-sanitize=fuzzer`). See `.ci/fuzz`.
let fuzzing = Context.environment["CALPAGER_FUZZ"] != nil

var package = Package(
  name: "calpager",
  products: [
    .executable(name: "calpager", targets: ["calpager"])
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Text as a terminal shows it: display widths in columns, control characters escaped,
    // fitting and wrapping to a width, and the quoting of user input in messages. Pure, below
    // everything that words a message or lays out a screen.
    .target(name: "DisplayText"),
    .target(name: "CalendarPaging", dependencies: ["DisplayText"]),
    // The note and its times (`Note`, `NoteFields`, `NoteTimes`, `Timestamp`, `LocalZone`) and
    // the hash their versions and derived uids are made of (`Fingerprint`): what both the
    // codecs and the store speak, below both.
    .target(name: "NoteModel", dependencies: ["CalendarPaging"]),
    // Recurrence rules and the time zones they recur in: pure (rule text, starts and zone
    // rules in, instances out), below the store and fuzzed (see .ci/fuzz).
    .target(name: "Recurrence", dependencies: ["CalendarPaging", "DisplayText"]),
    // The formats, and the one iCalendar component model; it reads a calendar's VEVENTs into
    // Recurrence's event series (ICalendarEvents), so it sits above Recurrence.
    .target(
      name: "Interchange",
      dependencies: ["DisplayText", "CalendarPaging", "NoteModel", "Recurrence"]),
    // Sync's vocabulary (the file stats, items, versions and changes the store records and
    // VdirSync plans with) is NoteStore's Sync/ folder, a file per type: the store applies and
    // records it, and keeps some of it internal (a session's undo step, an item's init).
    // A fuzzing build leaves out the plugin that embeds the migrations: its tool cannot be
    // built with -sanitize=fuzzer (libFuzzer brings its own main), and no fuzz target opens a
    // database.
    .target(
      name: "NoteStore",
      dependencies: [
        "DisplayText", "CalendarPaging", "NoteModel", "Recurrence", "Interchange", "CSQLite",
        "CFileSystem",
      ],
      swiftSettings: fuzzing ? [.define("CALPAGER_FUZZING")] : [],
      plugins: fuzzing ? [] : ["EmbedMigrationsPlugin"]
    ),
    // The command language: tokenizer, parser, date and range expressions, help specs. Pure,
    // and fuzzed (see .ci/fuzz).
    .target(
      name: "CommandLanguage", dependencies: ["DisplayText", "CalendarPaging", "Interchange"]),
    // Linux file-system calls Swift's Glibc module does not show (syncfs, renameat2).
    .target(name: "CFileSystem"),
    // calpager sync: the vdir (item files, change detection) and the three-way merge.
    .target(
      name: "VdirSync",
      dependencies: [
        "DisplayText", "CalendarPaging", "NoteModel", "Interchange", "NoteStore", "CFileSystem",
      ]),
    // The user's calendars (issue 22): walking their folders, detecting changes with one stat
    // per folder, reading files into events (Interchange) and keeping them in the events
    // index, whose SQL is NoteStore's (EventIndex: only NoteStore speaks SQLite). A module of
    // its own rather than VdirSync, which writes the sync folder: this one only reads.
    .target(
      name: "Calendars",
      dependencies: ["CalendarPaging", "DisplayText", "Interchange", "Recurrence", "NoteStore"]),
    .target(
      name: "CalPagerCLI",
      dependencies: [
        "DisplayText", "CalendarPaging", "NoteModel", "Interchange", "NoteStore", "CommandLanguage",
        "VdirSync", "CFileSystem", "Calendars", "Recurrence",
      ]
    ),
    .executableTarget(name: "calpager", dependencies: ["CalPagerCLI"]),

    // Build tooling: turns Migrations/*.sql into a Swift source compiled into NoteStore.
    .executableTarget(name: "EmbedMigrations"),
    .plugin(
      name: "EmbedMigrationsPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedMigrations"]
    ),

    // The properties the fuzz targets check, shared with the tests that replay their findings.
    .target(
      name: "FuzzSupport", dependencies: ["Interchange", "NoteModel", "CalendarPaging"],
      path: "Tests/FuzzSupport"),
    // Temporary directories and process running, shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DisplayTextTests", dependencies: ["DisplayText"]),
    .testTarget(
      name: "CalendarPagingTests", dependencies: ["CalendarPaging", "DisplayText", "TestSupport"]),
    .testTarget(
      name: "RecurrenceTests", dependencies: ["Recurrence", "CalendarPaging", "TestSupport"]),
    .testTarget(
      name: "CalendarsTests",
      dependencies: [
        "Calendars", "Interchange", "Recurrence", "NoteStore", "CalendarPaging", "TestSupport",
      ]),
    .testTarget(name: "NoteModelTests", dependencies: ["NoteModel", "CalendarPaging"]),
    .testTarget(
      name: "InterchangeTests",
      dependencies: [
        "Interchange", "NoteModel", "CalendarPaging", "Recurrence", "TestSupport", "FuzzSupport",
      ]),
    .testTarget(
      name: "NoteStoreTests",
      dependencies: [
        "NoteStore", "NoteModel", "CalendarPaging", "TestSupport", "calpager-probe",
      ]),
    // Drives the SQLite layer from other processes, for the multi-process tests.
    .executableTarget(name: "calpager-probe", dependencies: ["NoteStore"], path: "Tests/Probe"),
    // Drives the line editor and the full-screen terminal layer, for the tmux tests.
    .executableTarget(
      name: "calpager-terminal-probe", dependencies: ["CalPagerCLI"], path: "Tests/TerminalProbe"),
    .testTarget(
      name: "CommandLanguageTests", dependencies: ["CommandLanguage", "CalendarPaging"]),
    .testTarget(
      name: "CalPagerCLITests",
      dependencies: [
        "CalPagerCLI", "CommandLanguage", "NoteStore", "CalendarPaging", "NoteModel", "Interchange",
        "DisplayText", "Recurrence",
        "VdirSync", "TestSupport", "calpager", "calpager-terminal-probe",
      ],
      exclude: ["Goldens"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (see .ci/fuzz): one executable per input language, declared only when
// CALPAGER_FUZZ is set. Each lives in Tests/Fuzz/NAME, with its corpus in
// Tests/Fuzz/Corpus/NAME and its dictionary, if any, in Tests/Fuzz/NAME.dict.
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
  ("FuzzDayParser", ["CalendarPaging"]),
  ("FuzzTokenizer", ["CommandLanguage", "CalendarPaging", "DisplayText"]),
  ("FuzzCommandParser", ["CommandLanguage", "CalPagerCLI", "DisplayText"]),
  ("FuzzDateRange", ["CommandLanguage", "CalendarPaging"]),
  ("FuzzSettingValue", ["CalPagerCLI", "CalendarPaging", "DisplayText"]),
  ("FuzzJSONLDecoder", ["Interchange", "FuzzSupport"]),
  ("FuzzJSONDecoder", ["Interchange", "FuzzSupport"]),
  ("FuzzCSVDecoder", ["Interchange", "FuzzSupport"]),
  ("FuzzICSDecoder", ["Interchange", "FuzzSupport"]),
  ("FuzzJRNLDecoder", ["Interchange", "FuzzSupport"]),
  ("FuzzICalItem", ["FuzzSupport"]),
  ("FuzzRecurrence", ["Recurrence", "CalendarPaging", "DisplayText"]),
  ("FuzzZoneRules", ["Recurrence", "CalendarPaging"]),
]
// The recurrence benchmark (Tests/Benchmarks/RecurrenceBenchmark), declared only when
// CALPAGER_BENCH_RECURRENCE is set, so a plain build never builds it.
if Context.environment["CALPAGER_BENCH_RECURRENCE"] != nil {
  package.targets.append(
    .executableTarget(
      name: "RecurrenceBenchmark", dependencies: ["Recurrence", "CalendarPaging"],
      path: "Tests/Benchmarks/RecurrenceBenchmark"))
}
// The events index benchmark (Tests/Benchmarks/CalendarsBenchmark), likewise only when
// CALPAGER_BENCH_CALENDARS is set.
if Context.environment["CALPAGER_BENCH_CALENDARS"] != nil {
  package.targets.append(
    .executableTarget(
      name: "CalendarsBenchmark",
      dependencies: ["Calendars", "Interchange", "Recurrence", "CalendarPaging"],
      path: "Tests/Benchmarks/CalendarsBenchmark"))
}
// The zone benchmark (Tests/Benchmarks/ZoneBenchmark), declared only when
// CALPAGER_BENCH_ZONES is set.
if Context.environment["CALPAGER_BENCH_ZONES"] != nil {
  package.targets.append(
    .executableTarget(
      name: "ZoneBenchmark", dependencies: ["Recurrence", "CalendarPaging"],
      path: "Tests/Benchmarks/ZoneBenchmark"))
}
if fuzzing {
  for target in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: target.name, dependencies: target.dependencies, path: "Tests/Fuzz/\(target.name)"
      ))
  }
}
