import CalendarPaging
import Interchange
import NoteStore

#if canImport(Glibc)
  import Glibc
#endif

extension Session {
  /// `export`: notes as a stream of bytes to stdout, or to a file written atomically.
  func export(_ options: ExportOptions, style: Style) throws {
    let days = try options.days(today: today, selected: try selectedDay())
    let target = options.output.flatMap { $0 == "-" ? nil : $0 }
    let format = options.format ?? target.flatMap { Format(path: $0) } ?? .jsonl
    guard let target else {
      try stream(format: format, days: days, to: output)
      return
    }
    let file = try AtomicFile(path: target)
    let count: Int
    do {
      let destination = Output(descriptor: file.descriptor)
      count = try stream(format: format, days: days, to: destination)
      guard destination.flush() else {
        throw CommandError("cannot write '\(target)': \(String(cString: strerror(errno)))")
      }
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
    if style.json {
      output.append { buffer in
        buffer.append(contentsOf: #"{"exported":"#.utf8)
        JSON.appendInt(count, into: &buffer)
        buffer.append(contentsOf: #","format":"#.utf8)
        JSON.appendString(format.rawValue, into: &buffer)
        buffer.append(contentsOf: #","file":"#.utf8)
        JSON.appendString(target, into: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
      }
    } else {
      output.line("Exported \(countText(count, "note")) to \(TerminalText.singleLine(target))")
    }
  }

  @discardableResult
  private func stream(format: Format, days: ClosedRange<Day>, to destination: Output) throws
    -> Int
  {
    var encoder = NoteEncoder(format: format)
    destination.append { encoder.header(into: &$0) }
    let count = try store.forEachNote(in: days) { fields in
      destination.append { encoder.append(fields, into: &$0) }
    }
    destination.append { encoder.footer(into: &$0) }
    return count
  }

  /// `import`: one transaction, idempotent by uid, a summary line.
  func importNotes(_ options: ImportOptions, style: Style) throws {
    let source: FileSource
    let name: String
    switch options.source {
    case .standardInput:
      source = FileSource(descriptor: 0, name: "standard input")
      name = "standard input"
    case .file(let path):
      var info = stat()
      if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        throw CommandError("cannot import '\(path)': it is a directory")
      }
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw CommandError("cannot import '\(path)': \(String(cString: strerror(errno)))")
      }
      source = FileSource(descriptor: descriptor, name: "'\(path)'")
      name = path
    }
    defer { if source.descriptor != 0 { close(source.descriptor) } }
    let format: Format
    if let given = options.format {
      format = given
    } else if case .file(let path) = options.source, let inferred = Format(path: path) {
      format = inferred  // NoteDecoder refuses md, saying which formats import reads
    } else {
      format = .jsonl
    }
    var decoder = try NoteDecoder(format: format, source: source)
    try saveSelection()
    let summary = try store.importRecords(dryRun: options.dryRun) { try decoder.next() }
    if !options.dryRun { notesChanged() }
    if style.json {
      output.append { buffer in
        for (index, (key, value)) in [
          ("added", summary.added), ("updated", summary.updated),
          ("unchanged", summary.unchanged), ("skipped", summary.skipped),
          ("otherComponents", decoder.skippedComponents),
        ].enumerated() {
          buffer.append(contentsOf: (index == 0 ? "{\"" : ",\"").utf8)
          buffer.append(contentsOf: key.utf8)
          buffer.append(contentsOf: "\":".utf8)
          JSON.appendInt(value, into: &buffer)
        }
        buffer.append(contentsOf: #","dryRun":"#.utf8)
        buffer.append(contentsOf: (options.dryRun ? "true" : "false").utf8)
        buffer.append(contentsOf: "}\n".utf8)
      }
      return
    }
    var line =
      "\(options.dryRun ? "Would import" : "Imported") "
      + "\(TerminalText.singleLine(name)): \(summary)"
    if decoder.skippedComponents > 0 {
      line += "; \(countText(decoder.skippedComponents, "other calendar component")) ignored"
    }
    if options.dryRun { line += " (dry run: nothing changed)" }
    output.line(line)
  }
}
