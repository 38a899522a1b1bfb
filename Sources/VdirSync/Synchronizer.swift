import Interchange
import NoteModel
import NoteStore

/// How a sync runs.
public struct SyncOptions: Sendable {
  /// Plan only: read both sides, change nothing.
  public var dryRun: Bool
  /// The local time zone: the day of a journal's UTC `DTSTART`.
  public var zone: LocalZone
  /// The most items one batch (one write transaction) holds.
  public var batchSize: Int
  /// The most bytes of planned files and notes one batch holds.
  public var batchBytes: Int
  /// Sync even when the folder holds no item at all while the notes it held are still here
  /// (which removes them all).
  public var forceDelete: Bool

  /// Options; a batch of 2,000 items keeps each write transaction to a few tens of
  /// milliseconds, far under the 3 s other writers wait.
  public init(
    dryRun: Bool = false, zone: LocalZone = .utc, batchSize: Int = 2000,
    batchBytes: Int = 8 << 20, forceDelete: Bool = false
  ) {
    precondition(batchSize > 0 && batchBytes > 0, "a batch must hold something")
    self.dryRun = dryRun
    self.forceDelete = forceDelete
    self.zone = zone
    self.batchSize = batchSize
    self.batchBytes = batchBytes
  }
}

/// A two-way sync of a database's notes with a vdir, three-way against the sync state.
///
/// It walks two sorted streams and holds neither side whole: the vdir's entries (names and
/// stats only, sorted by name) merged with the sync state read a page at a time in the same
/// order (each item with its note as it is now), then the notes that have no item, a page at
/// a time by uid. Only files whose stat differs from the state are read. Each item gets a
/// decision (`Synchronizer+Decisions.swift`); decisions gather into batches, and a batch is
/// carried out in this order:
///
/// 1. conflict copies of the vdir's versions are committed (before a file that holds such a
///    version is overwritten);
/// 2. item files are written (temporary file, then rename: a new item only where no file
///    exists, an existing one only while it still has the fingerprint planned from) and
///    removed (moved aside first, then unlinked only when what was moved is what was planned
///    from; another program's version is put back and left for the next sync);
/// 3. the file system is synced to disk, once;
/// 4. one write transaction records the new state and changes the notes, each change only
///    while the note is still as planned.
///
/// Killed anywhere, a rerun finds each item either as before (and does the same again) or
/// with its file written but not recorded: then both sides show the same content and it is
/// recorded without a conflict. Nothing is removed before what replaces it is safe.
public final class Synchronizer {
  let store: NoteStore
  let vdir: Vdir
  let options: SyncOptions
  var session: SyncSession
  var report: SyncReport
  /// The decisions of the batch being gathered.
  var jobs: [Job] = []
  /// New files of the batch read and waiting for their decisions.
  var pending: [PendingFile] = []
  /// The bytes the batch holds.
  var heldBytes = 0
  /// Names a new note got in this batch (so two notes never get one name).
  var namesTaken: Set<String> = []
  /// Uids taken from new files in this batch (a second file with one is left alone).
  var uidsClaimed: Set<String> = []
  /// The folder's entries, for a new file to tell whether the item its uid names is still
  /// there (else the file is that item, renamed).
  var listing = VdirListing()
  /// The items of the state whose files are missing, decided after the merge (the names
  /// and stats of removed files and their notes: a few hundred bytes each).
  var missing: [(SyncedItem, NoteSinceSync)] = []
  /// Uids (their keys) of items whose file was renamed by hand: their old name is no removal.
  var uidsRenamed: Set<UInt64> = []
  /// Conflict copies the batch being carried out committed before its files (for a failure's
  /// message).
  var batchCopies: [SyncFailure.KeptCopy] = []
  /// Item files the batch being carried out wrote or removed so far.
  var batchFilesChanged = 0
  /// Whether the folder's marker is still to be written (at the first batch).
  var needsMarker: Bool
  /// Uids (their fingerprints: 8 bytes each) of files whose decision was not carried out,
  /// or in a dry run of every new file: their notes are not sent as new items.
  var uidsHeld: Set<UInt64> = []

  /// A sync of `store` with `vdir`.
  public init(store: NoteStore, vdir: Vdir, options: SyncOptions) throws {
    self.store = store
    self.vdir = vdir
    self.options = options
    let token = try vdir.markerToken()
    needsMarker = token == nil
    let known = try store.syncVdir(token: token)
    session = SyncSession(
      path: vdir.path, token: token ?? Vdir.newToken(), vdir: known?.id,
      recordedPath: known?.path)
    report = SyncReport(path: vdir.path, dryRun: options.dryRun)
  }

  /// Runs the sync.
  ///
  /// - Returns: What was done (or planned).
  /// - Throws: `SyncError` when the folder cannot be listed or was emptied (nothing done);
  ///   once the merge began, `SyncFailure`: the error (`SyncError` for the vdir, the store's
  ///   for the database) with what was done until then, which is consistent, and the next
  ///   sync carries on.
  public func run() throws -> SyncReport {
    let listing = try vdir.list(removingTemporaryFiles: !options.dryRun)
    if !options.forceDelete, let vdirID = session.vdir, !listing.hasItems {
      // As vdirsyncer does: a folder emptied whole is more likely lost (unmounted, wiped)
      // than emptied on purpose, and would remove every note.
      let count = try store.syncedNoteCount(vdir: vdirID)
      if count > 0 { throw SyncError.emptied(path: vdir.path, notes: count) }
    }
    do {
      try mergeItems(listing)
      try sendNewNotes(listing)
      if !options.dryRun { try identifyConflictNotes() }
      report.exchangeUnsupported = vdir.exchangeUnsupported
      return report
    } catch {
      // The error with what was already done, for the user to know (a conflict copy made).
      if !options.dryRun { try? identifyConflictNotes() }
      throw SyncFailure(
        error: error, report: report, copies: batchCopies, filesChanged: batchFilesChanged)
    }
  }

  // MARK: - The two passes

  /// The vdir's entries merged with the sync state, by name.
  private func mergeItems(_ listing: VdirListing) throws {
    self.listing = listing
    var state = StateCursor(store: store, vdir: session.vdir, pageSize: options.batchSize)
    var index = 0
    while true {
      let item = try state.current()
      guard item != nil || index < listing.count else { break }
      let order: Int
      if let item, index < listing.count {
        order = listing.compareName(at: index, with: item.0.file.name)
      } else {
        order = item == nil ? -1 : 1
      }
      if order < 0 {
        try decideNew(listing, index)
        index += 1
      } else if order > 0, let item {
        // Its file is gone, or was renamed by hand: decided once every new file was read
        // (a new file with its uid is the same item under a new name).
        if item.0.uid != nil {
          missing.append(item)
        } else {
          try decideSynced(item.0, note: item.1, entry: nil)
        }
        state.advance()
      } else if let item {
        try decideSynced(item.0, note: item.1, entry: (listing, index))
        index += 1
        state.advance()
      }
      if jobs.count + pending.count >= options.batchSize || heldBytes >= options.batchBytes {
        try flush()
      }
    }
    try flush()
    for (item, note) in missing {
      guard let uid = item.uid, !uidsRenamed.contains(Synchronizer.key(uid)) else { continue }
      try decideSynced(item, note: note, entry: nil)
      if jobs.count >= options.batchSize { try flush() }
    }
    missing = []
    try flush()
  }

  /// The notes that have no item yet, each sent as a new file.
  private func sendNewNotes(_ listing: VdirListing) throws {
    var after = ""
    while true {
      let notes = try store.unsyncedNotes(
        vdir: session.vdir, after: after, limit: options.batchSize)
      var start = notes.startIndex
      while start < notes.endIndex {
        // The names are checked against the state in one read transaction per batch (a
        // transaction per note cost a lock and a journal check each); the files are written
        // after it ends.
        start = try store.read {
          var index = start
          while index < notes.endIndex && heldBytes < options.batchBytes {
            let note = notes[index]
            index += 1
            guard !uidsHeld.contains(Synchronizer.key(note.note.uid)) else { continue }
            if let vdir = session.vdir,
              let clash = try store.ignoredItem(vdir: vdir, uid: note.note.uid)
            {
              // Another item of the folder (an event) has the note's uid: the note takes a new
              // one, as vdirsyncer stops on two items with one UID.
              var renamed = note.note
              renamed.uid = ContentUID.unique(from: note.note.uid)
              let name = try freeName(for: renamed.uid, listing)
              namesTaken.insert(name)
              report.newUIDs.append(
                NewUID(noteID: note.note.id, from: note.note.uid, to: renamed.uid, clash: clash))
              decideSend(
                VersionedNote(renamed), name: name, over: nil, effect: .step(.send, name),
                before: .reassign(
                  uid: note.note.uid, newUID: renamed.uid, version: note.version))
              continue
            }
            let name = try freeName(for: note.note.uid, listing)
            namesTaken.insert(name)
            decideSend(note, name: name, over: nil, effect: .step(.send, name))
          }
          return index
        }
        try flush()
      }
      guard notes.count == options.batchSize, let last = notes.last else { break }
      after = last.note.uid
    }
  }

  /// The first name for `uid` that no entry, item or note of this batch has.
  private func freeName(for uid: String, _ listing: VdirListing) throws -> String {
    for name in ItemFileName.candidates(for: uid) {
      if listing.contains(name) || namesTaken.contains(name) { continue }
      if let vdir = session.vdir, try store.hasSyncedItem(vdir: vdir, name: name) { continue }
      return name
    }
    preconditionFailure("the candidate names never end")
  }

  /// The ids of the notes each conflict left, for the summary.
  private func identifyConflictNotes() throws {
    for index in report.conflicts.indices {
      let conflict = report.conflicts[index]
      report.conflicts[index].keptID = try store.versionedNote(uid: conflict.uid)?.note.id
      report.conflicts[index].copyID = try store.versionedNote(uid: conflict.copyUID)?.note.id
    }
  }

  // MARK: - Batches

  /// One decision: what to write or remove in the vdir, and what to record.
  struct Job {
    /// A change committed before the file is written (a conflict copy).
    var before: SyncChange?
    /// The file to write or remove.
    var file: FileWork?
    /// The change recorded afterwards; a written file's stat is filled in then.
    var change: SyncChange?
    /// What it means for the report.
    var effect: Effect
    /// The uid of the note the item holds, when the item came from the vdir.
    var uid: String?
  }

  /// What a job does in the vdir.
  enum FileWork {
    /// Write `bytes` as `name`: new, or over the file with fingerprint `over`.
    case write(name: String, bytes: [UInt8], over: String?)
    /// Remove `name` while it has fingerprint `fingerprint`.
    case remove(name: String, fingerprint: String)
  }

  /// What a job means for the report.
  enum Effect {
    case none
    /// A step that counts as sent, received, updated or removed.
    case step(PlannedStep.Action, String)
    case conflict(SyncConflict)
  }

  /// Adds a job to the batch.
  func add(_ job: Job, bytes: Int = 0) {
    jobs.append(job)
    heldBytes += bytes
  }

  /// Carries out the batch (see the type's documentation for the order).
  func flush() throws {
    try decidePending()
    defer {
      jobs.removeAll(keepingCapacity: true)
      heldBytes = 0
      namesTaken.removeAll(keepingCapacity: true)
      uidsClaimed.removeAll(keepingCapacity: true)
    }
    guard !jobs.isEmpty else { return }
    if options.dryRun {
      for job in jobs { count(job.effect) }
      return
    }
    var touchedFiles = false
    if needsMarker {
      // Before the state of the folder is recorded, so that it knows this folder next time.
      try vdir.writeMarker(session.token)
      needsMarker = false
      touchedFiles = true
    }
    batchCopies.removeAll()
    batchFilesChanged = 0
    let before = jobs.compactMap(\.before)
    if !before.isEmpty {
      let outcomes = try store.applySync(before, session: &session)
      for (job, outcome) in zip(jobs.filter { $0.before != nil }, outcomes) {
        guard case .addCopy(let copy) = job.before, case .applied(let id) = outcome else {
          continue
        }
        batchCopies.append(
          SyncFailure.KeptCopy(name: job.change?.name ?? "", uid: copy.uid, id: id))
      }
    }
    var changes: [SyncChange] = []
    var pending: [Job] = []
    for var job in jobs {
      switch job.file {
      case .write(let name, let bytes, let over):
        let stat: FileStat
        switch try vdir.write(name, bytes, replacing: over) {
        case .done(let written?): stat = written
        case .displaced(let written, let kept, let old):
          stat = written
          try keepDisplaced(old, kept: kept, name: name, job: job)
        case .done(nil), .changedMeanwhile, .setAside:
          hold(job, name: name)
          continue
        }
        touchedFiles = true
        batchFilesChanged += 1
        job.change = job.change.map { $0.withStat(stat) }
      case .remove(let name, let fingerprint):
        switch try vdir.remove(name, fingerprint: fingerprint) {
        case .done: break
        case .setAside(let kept, let old):
          // Another program wrote the item twice while it was being removed: the version
          // set aside becomes a conflict copy, the one in place is left for the next sync.
          try keepDisplaced(old, kept: kept, name: name, job: job)
          hold(job, name: name)
          continue
        case .displaced, .changedMeanwhile:
          hold(job, name: name)
          continue
        }
        touchedFiles = true
        batchFilesChanged += 1
      case nil: break
      }
      if let change = job.change {
        changes.append(change)
        pending.append(job)
      } else {
        count(job.effect)
      }
    }
    if touchedFiles { try vdir.syncToDisk() }
    let outcomes = try store.applySync(changes, session: &session)
    batchCopies.removeAll()
    batchFilesChanged = 0
    for (job, outcome) in zip(pending, outcomes) {
      if case .applied = outcome {
        count(job.effect)
      } else {
        hold(job, name: job.change?.name ?? "")
      }
    }
  }

  /// Keeps the version another program wrote over `name` after the sync planned from it,
  /// which the exchange swapped out into `kept`: a note of its own (a conflict the database's
  /// version won, committed before the kept file goes), or, when it is not a journal, an item
  /// file of its own under a new name.
  private func keepDisplaced(_ bytes: [UInt8], kept: String, name: String, job: Job) throws {
    guard case .note(let decoded) = ICalItem.read(bytes, zone: options.zone),
      let uid = decoded.uid
    else {
      let stem = String(name.dropLast(4)) + "-kept"
      let restored = try vdir.restore(kept, as: ItemFileName.candidates(for: stem))
      ignore(restored, "another program wrote \(name) while the sync replaced it: kept here")
      return
    }
    var copy = incoming(decoded, bytes: bytes, uid: uid, before: nil)
    copy.uid = ContentUID.conflictCopy(of: uid, fingerprint: ItemFingerprint.of(bytes))
    let outcomes = try store.applySync([.addCopy(copy)], session: &session)
    if case .applied(let id)? = outcomes.first {
      batchCopies.append(SyncFailure.KeptCopy(name: name, uid: copy.uid, id: id))
    }
    vdir.removeKept(kept)
    var keptUID = uid
    if case .inStep(_, let noteUID, _, _, _)? = job.change { keptUID = noteUID }
    count(.conflict(SyncConflict(name: name, uid: keptUID, kept: .database, copyUID: copy.uid)))
  }

  /// Notes a job left for the next sync.
  private func hold(_ job: Job, name: String) {
    report.deferred.append(name)
    if let uid = job.uid { uidsHeld.insert(Synchronizer.key(uid)) }
  }

  /// The key of `uid` in `uidsHeld`.
  ///
  /// Two uids with one key hold a note back for a sync (odds of about 1 in 2^64 per pair),
  /// never lose one.
  static func key(_ uid: String) -> UInt64 {
    var uid = uid
    return uid.withUTF8 { Fingerprint.of($0, seed: 0) }
  }

  /// The most steps a dry run lists; the counts cover them all.
  static let planLimit = 1000

  /// Counts an effect done (or planned).
  func count(_ effect: Effect) {
    let step: PlannedStep
    switch effect {
    case .none: return
    case .step(let action, let name):
      switch action {
      case .send: report.sent += 1
      case .receive: report.received += 1
      case .updateFile, .updateNote: report.updated += 1
      case .removeFile, .removeNote: report.removed += 1
      case .conflict: break
      }
      step = PlannedStep(action: action, name: name)
    case .conflict(let conflict):
      report.conflicts.append(conflict)
      step = PlannedStep(action: .conflict, name: conflict.name)
    }
    guard options.dryRun else { return }
    if report.plan.count < Synchronizer.planLimit {
      report.plan.append(step)
    } else {
      report.planned += 1
    }
  }

  /// Reports an item left alone.
  func ignore(_ name: String, _ reason: String) {
    report.ignored.append(IgnoredItem(name: name, reason: reason))
  }
}

/// The sync state read a page at a time, by name.
private struct StateCursor {
  let store: NoteStore
  let vdir: Int?
  let pageSize: Int
  private var page: [(SyncedItem, NoteSinceSync)] = []
  private var position = 0
  private var isDone: Bool

  init(store: NoteStore, vdir: Int?, pageSize: Int) {
    self.store = store
    self.vdir = vdir
    self.pageSize = pageSize
    isDone = vdir == nil
  }

  /// The item at the cursor; nil at the end.
  mutating func current() throws -> (SyncedItem, NoteSinceSync)? {
    if position == page.count {
      guard !isDone, let vdir else { return nil }
      let last = page.last?.0.file.name
      page = try store.syncedItems(vdir: vdir, after: last, limit: pageSize)
      position = 0
      isDone = page.count < pageSize
      if page.isEmpty { return nil }
    }
    return page[position]
  }

  mutating func advance() {
    position += 1
  }
}

extension SyncChange {
  /// The change with the stat of the file just written.
  func withStat(_ stat: FileStat) -> SyncChange {
    switch self {
    case .inStep(var file, let uid, let version, let item, let times):
      file.stat = stat
      return .inStep(file, uid: uid, version: version, item: item, times: times)
    default:
      return self
    }
  }

  /// The item file's name the change is about.
  var name: String? {
    switch self {
    case .inStep(let file, _, _, _, _), .take(let file, _, _, _), .ignore(let file, _, _):
      return file.name
    case .reassign: return nil
    case .removeNote(let name, _, _), .forget(let name), .restat(let name, _):
      return name
    case .addCopy: return nil
    }
  }
}
