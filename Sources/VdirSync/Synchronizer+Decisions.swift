import CalendarPaging
import DisplayText
import Interchange
import NoteModel
import NoteStore

/// The three-way decisions: each item's file and note compared with the sync state.
///
/// | file \ note | unchanged | changed | removed |
/// |---|---|---|---|
/// | unchanged | nothing | rewrite the file | remove the file |
/// | changed | change the note | same content: record; else a conflict | add the note back |
/// | removed | remove the note | write the file again | forget the item |
///
/// A file that no longer reads as a note is left alone (never a removal). In a conflict the
/// later of the file's `LAST-MODIFIED` (else `DTSTAMP`) and the note's `updated`, both to the
/// second, stays in place (the file on a tie), and the other version becomes a note of its
/// own with the uid `ContentUID.conflictCopy(of:fingerprint:)` of the loser's bytes.
extension Synchronizer {
  /// What an item's file is now, against the state.
  enum FileSide {
    /// Unchanged: the file as it is now (its stat may be new).
    case unchanged(SyncFile)
    /// Changed: the file, its note and its bytes.
    case changed(SyncFile, DecodedNote, [UInt8])
    /// Gone.
    case removed
    /// There, but not a note any more.
    case unreadable(String)
  }

  /// Decides for an entry of the vdir with no item in the state: a new file.
  func decideNew(_ listing: VdirListing, _ index: Int) throws {
    let name = listing.name(at: index)
    switch listing[index].kind {
    case .other: return ignore(name, "not a regular file")
    case .badName:
      return ignore(Quote.text(name), "a file name that is not UTF-8: left alone")
    case .file: break
    }
    guard let (bytes, stat) = try vdir.read(name) else { return }
    let file = SyncFile(name: name, fingerprint: ItemFingerprint.of(bytes), stat: stat)
    switch ICalItem.read(bytes, zone: options.zone) {
    case .notANote(let reason, let uid):
      ignore(name, reason.description)
      add(Job(change: .ignore(file, reason: reason.description, uid: uid), effect: .none))
    case .note(let decoded):
      // Decided with the others of the batch, in one read transaction (`decidePending`).
      pending.append(PendingFile(decoded: decoded, file: file, bytes: bytes))
      heldBytes += bytes.count
    }
  }

  /// A new file of the vdir whose note is read, waiting for its decision with the others of
  /// its batch (`decidePending`): a file and what it holds, not a note of the store.
  struct PendingFile {
    let decoded: DecodedNote
    let file: SyncFile
    let bytes: [UInt8]
  }

  /// Decides for the new files read in this batch: their notes and items looked up in one
  /// read transaction, which no file is read or written in.
  func decidePending() throws {
    guard !pending.isEmpty else { return }
    try store.read {
      for new in pending {
        try decideNewNote(new.decoded, file: new.file, bytes: new.bytes)
      }
    }
    pending.removeAll()
  }

  /// Decides for a new file that holds a note.
  private func decideNewNote(_ decoded: DecodedNote, file: SyncFile, bytes: [UInt8]) throws {
    guard let uid = decoded.uid else {
      let reason = "a journal with no UID"
      ignore(file.name, reason)
      return add(Job(change: .ignore(file, reason: reason), effect: .none))
    }
    if uidsClaimed.contains(uid) {
      return ignore(file.name, "another file of this sync has its UID \(Quote.quoted(uid))")
    }
    if let vdirID = session.vdir, let other = try store.syncedItem(vdir: vdirID, uid: uid),
      other.file.name != file.name
    {
      if !listing.contains(other.file.name), let version = other.version,
        !uidsRenamed.contains(Synchronizer.key(uid))
      {
        return try decideRenamed(
          other, version: version, to: file, decoded: decoded, bytes: bytes, uid: uid)
      }
      return ignore(
        file.name, "its UID \(Quote.quoted(uid)) is the note of \(Quote.quoted(other.file.name))")
    }
    uidsClaimed.insert(uid)
    if options.dryRun { uidsHeld.insert(Synchronizer.key(uid)) }
    guard let current = try store.versionedNote(uid: uid) else {
      let note = incoming(decoded, bytes: bytes, uid: uid, before: nil)
      return add(
        Job(
          change: .take(file, note: note, replacing: nil, copy: nil),
          effect: .step(.receive, file.name), uid: uid))
    }
    decideBothChanged(file: file, decoded: decoded, bytes: bytes, note: current, uid: uid)
  }

  /// Decides for an item of the state, with its entry in the vdir when there is one.
  func decideSynced(_ item: SyncedItem, note: NoteSinceSync, entry: (VdirListing, Int)?) throws {
    let name = item.file.name
    guard let uid = item.uid, let version = item.version else {
      // An item left alone before.
      guard let (listing, index) = entry else {
        return add(Job(change: .forget(name: name), effect: .none))
      }
      if listing[index].kind == .file && listing[index].stat == item.file.stat {
        return ignore(name, item.ignoredReason ?? "left alone")
      }
      return try decideNew(listing, index)
    }
    let file = try fileSide(of: item, entry: entry, uid: uid)
    try decide(item, uid: uid, version: version, file: file, note: note)
  }

  /// Decides for a file renamed by hand: the same item under the new name.
  ///
  /// The item `item`, recorded under its old name whose file is gone, has the uid of this new
  /// file. The old name is forgotten first, in the same transaction, and nothing is removed
  /// or added.
  private func decideRenamed(
    _ item: SyncedItem, version: Int64, to file: SyncFile, decoded: DecodedNote,
    bytes: [UInt8], uid: String
  ) throws {
    uidsRenamed.insert(Synchronizer.key(uid))
    uidsClaimed.insert(uid)
    if options.dryRun { uidsHeld.insert(Synchronizer.key(uid)) }
    report.renamed.append(RenamedItem(from: item.file.name, to: file.name))
    let note: NoteSinceSync
    if let current = try store.versionedNote(uid: uid) {
      note = current.version == version ? .unchanged : .changed(current)
    } else {
      note = .missing
    }
    add(Job(change: .forget(name: item.file.name), effect: .none))
    let renamed = SyncedItem(
      file: SyncFile(name: file.name, fingerprint: item.file.fingerprint, stat: item.file.stat),
      uid: uid, version: version, ignoredReason: nil)
    let side: FileSide =
      file.fingerprint == item.file.fingerprint
      ? .unchanged(file) : .changed(file, decoded, bytes)
    if case .unchanged = side, case .unchanged = note {
      // Recorded under the new name as it is.
      return add(
        Job(
          change: .inStep(file, uid: uid, version: version, item: .keep), effect: .none,
          uid: uid))
    }
    try decide(renamed, uid: uid, version: version, file: side, note: note)
  }

  /// Decides for an item whose file side and note side are known (the table above).
  private func decide(
    _ item: SyncedItem, uid: String, version: Int64, file: FileSide, note: NoteSinceSync
  ) throws {
    let name = item.file.name
    switch (file, note) {
    case (.unreadable(let reason), _):
      ignore(name, reason + "; left alone until it reads again")
    case (.unchanged(let now), .unchanged):
      if now.stat != item.file.stat {
        add(Job(change: .restat(name: name, stat: now.stat), effect: .none))
      }
    case (.unchanged(let now), .changed(let current)):
      decideSend(current, name: name, over: now, effect: .step(.updateFile, name))
    case (.unchanged(let now), .missing):
      add(
        Job(
          file: .remove(name: name, fingerprint: now.fingerprint),
          change: .forget(name: name), effect: .step(.removeFile, name)))
    case (.changed(let now, let decoded, let bytes), .unchanged):
      let before = try store.versionedNote(uid: uid)?.note
      let note = incoming(decoded, bytes: bytes, uid: uid, before: before)
      add(
        Job(
          change: .take(now, note: note, replacing: version, copy: nil),
          effect: .step(.updateNote, name), uid: uid), bytes: bytes.count)
    case (.changed(let now, let decoded, let bytes), .changed(let current)):
      decideBothChanged(file: now, decoded: decoded, bytes: bytes, note: current, uid: uid)
    case (.changed(let now, let decoded, let bytes), .missing):
      // Removed here, changed there: the change wins.
      let note = incoming(decoded, bytes: bytes, uid: uid, before: nil)
      add(
        Job(
          change: .take(now, note: note, replacing: nil, copy: nil), effect: .step(.receive, name),
          uid: uid), bytes: bytes.count)
    case (.removed, .unchanged):
      add(
        Job(
          change: .removeNote(name: name, uid: uid, version: version),
          effect: .step(.removeNote, name))
      )
    case (.removed, .changed(let current)):
      // Removed there, changed here: the change wins.
      decideSend(current, name: name, over: nil, effect: .step(.send, name))
    case (.removed, .missing):
      add(Job(change: .forget(name: name), effect: .none))
    }
  }

  /// The file side of an item: its stat compared first, its bytes only when that differs.
  private func fileSide(of item: SyncedItem, entry: (VdirListing, Int)?, uid: String) throws
    -> FileSide
  {
    guard let (listing, index) = entry else { return .removed }
    guard listing[index].kind == .file else { return .unreadable("not a regular file") }
    if listing[index].stat == item.file.stat { return .unchanged(item.file) }
    guard let (bytes, stat) = try vdir.read(item.file.name) else { return .removed }
    let file = SyncFile(name: item.file.name, fingerprint: ItemFingerprint.of(bytes), stat: stat)
    if file.fingerprint == item.file.fingerprint { return .unchanged(file) }
    switch ICalItem.read(bytes, zone: options.zone) {
    case .notANote(let reason, _):
      return .unreadable(reason.description)
    case .note(let decoded):
      guard decoded.uid == uid else {
        return .unreadable(
          "its UID changed from \(Quote.quoted(uid)) to \(Quote.quoted(decoded.uid ?? ""))")
      }
      return .changed(file, decoded, bytes)
    }
  }

  /// Decides for an item whose file and note both changed (or are both new).
  private func decideBothChanged(
    file: SyncFile, decoded: DecodedNote, bytes: [UInt8], note current: VersionedNote,
    uid: String
  ) {
    let note = current.note
    let decoded = arrived(decoded, bytes: bytes, before: note)
    if decoded.body == note.body && decoded.day == note.day {
      // The same content on both sides: no conflict, and the file is left as it is. The note
      // takes the file's times, so that every device that reads the file ends with the same
      // note, and its item (which may carry what another program added).
      let item: StoredItemUpdate =
        decoded.ical == nil || decoded.ical == note.ical
          || ItemEquivalence.areEquivalent(bytes, ICalItem.render(note, zone: options.zone))
        ? .keep : .set(decoded.ical)
      var times = note.times
      times.created = decoded.created ?? note.created
      times.updated = decoded.updated ?? note.updated
      return add(
        Job(
          change: .inStep(
            file, uid: uid, version: current.version, item: item,
            times: times == note.times ? nil : times),
          effect: .none, uid: uid))
    }
    let fileTime = decoded.updated?.truncatedToSecond
    let vdirWins = fileTime.map { note.updated.truncatedToSecond <= $0 } ?? false
    let copyUID: String
    if vdirWins {
      var copy = note
      copy.id = nil
      copy.uid = ContentUID.conflictCopy(
        of: uid, fingerprint: ItemFingerprint.of(ICalItem.render(note, zone: options.zone)))
      copyUID = copy.uid
      let conflict = SyncConflict(name: file.name, uid: uid, kept: .vdir, copyUID: copy.uid)
      add(
        Job(
          change: .take(
            file, note: incoming(decoded, bytes: bytes, uid: uid, before: note),
            replacing: current.version, copy: copy),
          effect: .conflict(conflict), uid: uid), bytes: bytes.count + note.body.utf8.count)
    } else {
      var copy = incoming(decoded, bytes: bytes, uid: uid, before: nil)
      copy.uid = ContentUID.conflictCopy(of: uid, fingerprint: file.fingerprint)
      copyUID = copy.uid
      let conflict = SyncConflict(name: file.name, uid: uid, kept: .database, copyUID: copy.uid)
      decideSend(
        current, name: file.name, over: file, effect: .conflict(conflict), before: .addCopy(copy),
        uid: uid)
    }
    // In a dry run the copy is not in the database for the second pass: its send is planned
    // here.
    if options.dryRun { count(.step(.send, ItemFileName.stem(for: copyUID) + ".ics")) }
  }

  /// Decides to write `versioned`'s note as `name`: new, or over the file `over` (not at all
  /// when the file already holds those bytes).
  func decideSend(
    _ versioned: VersionedNote, name: String, over: SyncFile?, effect: Effect,
    before: SyncChange? = nil, uid: String? = nil
  ) {
    let note = versioned.note
    let bytes = ICalItem.render(note, zone: options.zone)
    let fingerprint = ItemFingerprint.of(bytes)
    let change = SyncChange.inStep(
      SyncFile(
        name: name, fingerprint: fingerprint,
        stat: over?.stat ?? FileStat(size: 0, modified: 0, inode: 0)),
      uid: note.uid, version: versioned.version, item: storedItem(afterWriting: bytes, for: note),
      times: carriedTimes(of: bytes, for: note))
    if let over, over.fingerprint == fingerprint {
      return add(Job(before: before, change: change, effect: .none, uid: uid))
    }
    add(
      Job(
        before: before, file: .write(name: name, bytes: bytes, over: over?.fingerprint),
        change: change, effect: effect, uid: uid), bytes: bytes.count)
  }

  /// How the note keeps its item once `bytes` are written for it: the written bytes become
  /// the stored item, so that the next edit starts from them (its `SEQUENCE` one higher);
  /// none when they are exactly what calpager writes for the note.
  private func storedItem(afterWriting bytes: [UInt8], for note: Note) -> StoredItemUpdate {
    guard let ical = note.ical, !ical.utf8.elementsEqual(bytes) else { return .keep }
    var plain = note
    plain.ical = nil
    if ICalItem.render(plain, zone: options.zone) == bytes { return .set(nil) }
    return .set(String(decoding: bytes, as: UTF8.self))
  }

  /// The note a file's journal gives, with the times it lacks filled in (from `before`, the
  /// note it replaces, if any).
  ///
  /// When the file is only a reformatting of what calpager would write for that note from the
  /// item `before` keeps (a server's serialisation of what another device sent), the note
  /// keeps calpager's form of the item: every device then stores the same one.
  func incoming(_ decoded: DecodedNote, bytes: [UInt8], uid: String, before: Note?) -> Note {
    let decoded = arrived(decoded, bytes: bytes, before: before)
    let now = Timestamp(millisecondsSinceEpoch: Clock.nowMilliseconds()) ?? .latest
    let updated = decoded.updated ?? now
    var note = Note(
      uid: uid, day: decoded.day, body: decoded.body,
      created: decoded.created ?? before?.created ?? updated, updated: updated,
      ical: before?.ical)
    guard decoded.ical != nil else {
      // Exactly what calpager writes for the note: nothing to keep.
      note.ical = nil
      return note
    }
    let ours = ICalItem.render(note, zone: options.zone)
    if !ItemEquivalence.areEquivalent(ours, bytes) {
      note.ical = decoded.ical
    } else if before?.ical != nil {
      note.ical = String(decoding: ours, as: UTF8.self)
    } else {
      note.ical = nil
    }
    return note
  }

  /// The file's note, on the day of `before` when the file kept the start of its item.
  ///
  /// A text-only edit on a phone keeps the start: the note's day was decided when it first
  /// arrived, and this run's `$TZ` must not move it (see `ICalItem.keepsStart`). Else the day
  /// the file gives.
  func arrived(_ decoded: DecodedNote, bytes: [UInt8], before: Note?) -> DecodedNote {
    guard let before, before.day != decoded.day else { return decoded }
    let base = before.ical.map { Array($0.utf8) } ?? ICalItem.render(before, zone: options.zone)
    guard ICalItem.keepsStart(of: base, in: bytes) else { return decoded }
    var kept = decoded
    kept.day = before.day
    return kept
  }

  /// The times a device reading `bytes` finds, when they are not the note's own (an item of
  /// another program carries them to the second only): the note takes them, so that every
  /// device has the same.
  private func carriedTimes(of bytes: [UInt8], for note: Note) -> NoteTimes? {
    guard note.ical != nil, case .note(let decoded) = ICalItem.read(bytes, zone: options.zone)
    else { return nil }
    var times = note.times
    if let created = decoded.created { times.created = created }
    if let updated = decoded.updated { times.updated = updated }
    return times == note.times ? nil : times
  }
}
