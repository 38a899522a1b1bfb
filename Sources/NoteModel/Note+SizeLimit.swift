extension Note {
  /// The longest text a note may hold, in UTF-8 bytes: 10 MiB.
  ///
  /// One limit for every way in (`add`, `edit`, the editor, `import` of every format, sync),
  /// so that whatever is stored can be exported and imported again: the worst escaping of
  /// any export format (JSON's `\u0001` for a control character) makes 6 bytes of one, and
  /// 6 × 10 MiB (and the rest of a record) stays inside the 64 MiB an import reads per record.
  public static var maximumBodySize: Int { 10 << 20 }

  /// The limit as messages give it: `10 MiB (10485760 bytes)`.
  public static var sizeLimitText: String { "10 MiB (\(maximumBodySize) bytes)" }
}
