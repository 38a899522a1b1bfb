/// One schema migration: a named SQL script from `Migrations/`, compiled into the binary.
public struct Migration: Sendable, Equatable {
  /// The file name without `.sql`, such as `0001_create_notes`; recorded in the database.
  public let name: String
  /// The SQL script.
  public let sql: String

  /// The migrations this binary knows, in the order they apply: the files of `Migrations/`,
  /// embedded at build time.
  public static let all: [Migration] = embedded

  // A fuzzing build has none: the build-tool plugin that embeds them cannot be built with
  // `-sanitize=fuzzer`, and no fuzz target opens a database (see Package.swift).
  #if CALPAGER_FUZZING
    private static let embedded: [Migration] = []
  #else
    private static let embedded: [Migration] = embeddedMigrations
  #endif
}
