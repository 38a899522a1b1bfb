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
    .target(name: "CalendarPaging"),
    .target(name: "Interchange", dependencies: ["CalendarPaging"]),
    .target(
      name: "NoteStore",
      dependencies: ["CalendarPaging", "Interchange", "CSQLite"],
      plugins: ["EmbedMigrationsPlugin"]
    ),
    .target(
      name: "CalPagerCLI",
      dependencies: ["CalendarPaging", "Interchange", "NoteStore"]
    ),
    .executableTarget(name: "calpager", dependencies: ["CalPagerCLI"]),

    // Build tooling: turns Migrations/*.sql into a Swift source compiled into NoteStore.
    .executableTarget(name: "EmbedMigrations"),
    .plugin(
      name: "EmbedMigrationsPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedMigrations"]
    ),

    // Temporary directories and process running, shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "CalendarPagingTests", dependencies: ["CalendarPaging", "TestSupport"]),
    .testTarget(
      name: "InterchangeTests", dependencies: ["Interchange", "CalendarPaging", "TestSupport"]),
    .testTarget(
      name: "NoteStoreTests",
      dependencies: ["NoteStore", "CalendarPaging", "TestSupport", "calpager-probe"]),
    // Drives the SQLite layer from other processes, for the multi-process tests.
    .executableTarget(name: "calpager-probe", dependencies: ["NoteStore"], path: "Tests/Probe"),
    .testTarget(
      name: "CalPagerCLITests",
      dependencies: ["CalPagerCLI", "NoteStore", "CalendarPaging", "TestSupport", "calpager"],
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
  ("FuzzTokenizer", ["CalendarPaging", "Interchange"]),
  ("FuzzCommandParser", ["CalendarPaging", "Interchange"]),
  ("FuzzDateRange", ["CalendarPaging", "Interchange"]),
  ("FuzzSettingValue", ["CalendarPaging"]),
  ("FuzzJSONLDecoder", ["Interchange"]),
  ("FuzzJSONDecoder", ["Interchange"]),
  ("FuzzCSVDecoder", ["Interchange"]),
  ("FuzzICSDecoder", ["Interchange"]),
  ("FuzzJRNLDecoder", ["Interchange"]),
  ("FuzzICalItem", ["Interchange"]),
]
if fuzzing {
  for target in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: target.name, dependencies: target.dependencies, path: "Tests/Fuzz/\(target.name)"
      ))
  }
}
