import NoteStore

/// Pages read from month files (`KeptMonthFile`) while the index is not opened: a page of
/// events then costs no SQLite file, schema or statement.
///
/// A month file answers only when it holds the version the index file had as the command
/// began and the calendars it records are this command's, none changed since (the stamps
/// the index would compare). A page whose months it cannot answer opens the index, and its
/// months' files are written from the index's snapshot that answered it, for the next
/// command (not by a command that wrote to the index: that one is already slower).
extension EventCalendars {
  /// The month files of a command whose index's opening was put off.
  struct MonthFiles {
    /// Their folder.
    let folder: String
    /// The index's version as the command began: the files read are of it.
    let version: IndexVersion
    /// The stamps of the calendars read (`readNames`), as the command began.
    let stamps: [PathStamp]
    /// Whether the calendars recorded in files of `version` are those of `stamps`, unchanged:
    /// nil until a file is read.
    var recordedAreCurrent: Bool?
    /// The files read.
    var read: [KeptMonthFile] = []
    /// The months of a page the files could not answer: written once the index did.
    var wanted: ClosedRange<Int>?
  }

  /// The most months a page reads from files (a month grid with its menu): a longer range
  /// (`list` of a year) is the index's.
  static let monthsFromFiles = 4

  /// The kept occurrences of `window`'s months from their files; nil when the index must
  /// answer (the months wanted are then noted).
  func keptInFiles(_ window: Range<Int>) -> KeptMonths? {
    guard var files = monthFiles, pendingOpen != nil, let months = Self.months(of: window),
      months.count <= Self.monthsFromFiles
    else { return nil }
    defer { monthFiles = files }
    var found: [KeptMonthFile] = []
    for month in months {
      if let known = files.read.first(where: { $0.month == month }) {
        found.append(known)
        continue
      }
      guard let file = KeptMonthFile.read(folder: files.folder, month: month),
        file.version == files.version
      else {
        files.wanted = months
        return nil
      }
      if files.recordedAreCurrent == nil {
        files.recordedAreCurrent = areCurrent(file, stamps: files.stamps)
      }
      guard files.recordedAreCurrent == true else { return nil }
      files.read.append(file)
      found.append(file)
    }
    return KeptMonths(files: found)
  }

  /// Whether the index that recorded the calendars of `file` holds the calendars read
  /// (`readNames`, of stamps `stamps`) as they are: the same names and paths, each unchanged
  /// since (what opening the index would find, writing nothing).
  private func areCurrent(_ file: KeptMonthFile, stamps: [PathStamp]) -> Bool {
    guard file.calendarCount == readNames.count else { return false }
    for (place, name) in readNames.enumerated() {
      let path = sources.first { $0.name == name }!.path
      let stamp = stamps[place]
      let recorded = (0..<file.calendarCount).contains { number in
        file.calendarIs(number, name: name, path: path)
          && CalendarScan.isUnchanged(stamp, since: file.calendarStamp(number))
      }
      guard recorded else { return false }
    }
    return true
  }

  /// Writes the files of the months a page wanted (`keptInFiles`) from the index's snapshot
  /// `reading` holds, which answered it from `months`: only when they are all expanded and
  /// kept whole (no spans), and this process wrote nothing to the index.
  func writeWantedMonths(_ index: EventIndex, _ months: MonthsState) {
    guard let wanted = monthFiles?.wanted, let folder = monthFiles?.folder else { return }
    monthFiles?.wanted = nil
    guard !hasWritten, months.expanded, !months.hasSpans, let version = index.snapshotVersion()
    else { return }
    for month in wanted {
      guard
        let file = try? index.monthFile(
          month: month, window: Self.monthWindow(month), version: version)
      else { return }
      KeptMonthFile.write(file, folder: folder, month: month)
    }
  }
}
