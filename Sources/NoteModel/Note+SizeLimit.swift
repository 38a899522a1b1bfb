extension Note {
  /// The longest text a note may hold, in UTF-8 bytes: 8 MiB.
  ///
  /// One limit for every way in (`add`, `edit`, the editor, `import` of every format, sync),
  /// so that whatever is stored can be exported and imported again: the worst escaping of
  /// any export format (JSON's `\u0001` for a control character) makes 6 bytes of one, and
  /// 6 × 8 MiB stays inside the 64 MiB an import reads per record.
  public static var maximumBodySize: Int { 8 << 20 }

  /// The limit as messages give it: `8 MiB (8388608 bytes)`.
  public static var sizeLimitText: String { "8 MiB (\(maximumBodySize) bytes)" }
}
