import CalendarPaging

/// The selected day: stored in the `state` row, saved when `selectionSaving` says.
extension NoteStore {
  /// The persisted selected day, or nil when no paging command has set one yet.
  ///
  /// A move not saved yet is `unsavedSelection`.
  public func selectedDay() throws -> Day? {
    try mappingErrors {
      try database.scalarInt("SELECT selected_day FROM state WHERE singleton = 1")
        .flatMap { Day(dayNumber: $0) }
    }
  }

  /// Persists `day` as the selected day, now.
  public func setSelectedDay(_ day: Day) throws {
    try writing { database in try NoteStore.storeSelectedDay(day, in: database) }
  }

  /// Moves the selection to `day`, saved as `selectionSaving` says: at once with
  /// `.withTheMove` (inside the move's own write, `readPage(moving:_:)`), else at the next
  /// write.
  public func moveSelection(to day: Day) throws {
    guard selectionSaving.savesWithTheMove else {
      unsavedSelection = day
      return
    }
    unsavedSelection = nil
    try setSelectedDay(day)
  }

  /// Runs `body`, which reads a page and, when `moving`, moves the selection
  /// (`moveSelection(to:)`), as one unit, so that the page comes from one state: a write when
  /// the move is saved with it, else a read.
  ///
  /// A move saved with the page does not wait for another process's lock (issue 20, item
  /// 13): while a long import holds the database, a paging command would otherwise wait out
  /// every retry (about 9 s) and fail without showing anything. When the write cannot start
  /// or commit at once, the page is read on its own and the move stays in
  /// `unsavedSelection`, for `saveSelection()` to save, waiting as any write does, once the
  /// page is out.
  ///
  /// - Throws: What `body` threw, or the store's error.
  public func readPage<T>(moving: Bool, _ body: () throws -> T) throws -> T {
    guard moving && selectionSaving.savesWithTheMove else { return try read(body) }
    do {
      return try write(.withoutWaiting, body)
    } catch let error as StoreError where error.isBusy {
      let saving = selectionSaving
      selectionSaving = .atNextWrite
      defer { selectionSaving = saving }
      return try read(body)
    }
  }

  /// Saves a move not saved yet, waiting for a lock as any write does: what a session does
  /// when it ends.
  public func saveSelection() throws {
    guard unsavedSelection != nil else { return }
    try writing { _ in }
  }

  /// Saves a move not saved yet if the database can be written at once; returns false,
  /// changing nothing, when another connection holds a lock (try again later).
  ///
  /// For `.soonWithoutWaiting`: see `saveSelectedDayWithoutWaiting(_:)`.
  public func saveSelectionWithoutWaiting() throws -> Bool {
    guard let day = unsavedSelection else { return true }
    return try saveSelectedDayWithoutWaiting(day)
  }

  /// Persists `day` as the selected day if the database can be written at once; returns false,
  /// changing nothing, when another connection holds a lock (try again later).
  ///
  /// For a view that saves the selection as it moves and must never make a key press wait: a
  /// `.withoutWaiting` write, with no busy wait and no retry, so a commit that finds readers
  /// in the way is rolled back. The selection is no data a cache depends on, so this save does
  /// not change `changeToken()` (another connection sees it as a change, as every commit).
  ///
  /// - Throws: The store's error for a failure other than a lock (a full disk, say).
  public func saveSelectedDayWithoutWaiting(_ day: Day) throws -> Bool {
    do {
      try writing(.withoutWaiting, countingChange: false) { database in
        try NoteStore.storeSelectedDay(day, in: database)
      }
      return true
    } catch let error as StoreError where error.isBusy {
      return false
    }
  }

  /// Writes `unsavedSelection`, if any, in the write open on `database`.
  func writeUnsavedSelection(in database: Database) throws {
    guard let day = unsavedSelection else { return }
    try NoteStore.storeSelectedDay(day, in: database)
    unsavedSelection = nil
  }

  static func storeSelectedDay(_ day: Day, in database: Database) throws {
    try database.execute(
      "UPDATE state SET selected_day = ? WHERE singleton = 1", [.int(day.dayNumber)])
  }
}
