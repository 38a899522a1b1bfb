import CFileSystem
import Glibc

/// Removing an item file without a window for another program's version.
///
/// A check of the file's fingerprint followed by `unlink` leaves a moment in which another
/// program (vdirsyncer from cron) can replace the file, and its version would be unlinked
/// unseen. So the file is first moved aside, in one step, and what was moved is examined
/// (issue 20, item 8): only the version the sync planned from is ever unlinked.
extension Vdir {
  /// Removes the item `name` while it still has the fingerprint `fingerprint`.
  ///
  /// The file is first renamed, in one step, to a temporary name of the directory, and what
  /// was moved is examined there: no other program can slip a version in between a check and
  /// the unlink. What was moved is removed when it is what the sync planned from. Another
  /// program's version is put back where no file appeared meanwhile (`changedMeanwhile`:
  /// left for the next sync, which adds the note back); where one did (a third version),
  /// it is kept under a kept name (`setAside`) for the sync to keep as a conflict copy.
  func remove(_ name: String, fingerprint: String) throws(SyncError) -> Outcome {
    guard let moved = try moveToTemporary(name) else { return .done(nil) }
    let old: [UInt8]
    do {
      guard let (bytes, _) = try read(moved) else { return .done(nil) }
      old = bytes
    } catch {
      // Unread, so never removed: back in place, or kept.
      if (try? putBack(moved, as: name)) != true {
        renameat(descriptor, moved, descriptor, Vdir.keptName(for: moved))
      }
      throw error
    }
    if ItemFingerprint.of(old) == fingerprint {
      guard unlinkat(descriptor, moved, 0) == 0 || errno == ENOENT else {
        throw failure(.remove, name)
      }
      return .done(nil)
    }
    // Another program's version: never left under a temporary name, which the next sync
    // would remove as its own.
    let kept = Vdir.keptName(for: moved)
    do {
      if try putBack(moved, as: name) { return .changedMeanwhile }
    } catch {
      renameat(descriptor, moved, descriptor, kept)
      throw error
    }
    guard renameat(descriptor, moved, descriptor, kept) == 0 else {
      throw failure(.remove, name)
    }
    return .setAside(kept: kept, bytes: old)
  }

  /// Renames the item `name` to a new temporary name, never over a file; nil when there is
  /// no such item (removed meanwhile).
  private func moveToTemporary(_ name: String) throws(SyncError) -> String? {
    while true {
      temporaryCount += 1
      let temporary = Vdir.temporaryPrefix + processID + "-" + String(temporaryCount)
      if cfs_rename_noreplace(descriptor, name, temporary) == 0 { return temporary }
      switch errno {
      case ENOENT: return nil
      case EEXIST: continue  // a name an earlier process of this id left
      case EINVAL, ENOSYS:
        // A file system without RENAME_NOREPLACE: the listing removed every temporary file
        // before the sync began, and this process's names are its own.
        guard renameat(descriptor, name, descriptor, temporary) == 0 else {
          if errno == ENOENT { return nil }
          throw failure(.remove, name)
        }
        return temporary
      default: throw failure(.remove, name)
      }
    }
  }

  /// Renames `temporary` back to `name` unless a file appeared there meanwhile; false then.
  private func putBack(_ temporary: String, as name: String) throws(SyncError) -> Bool {
    if cfs_rename_noreplace(descriptor, temporary, name) == 0 { return true }
    if errno == EEXIST { return false }
    guard errno == EINVAL || errno == ENOSYS else { throw failure(.remove, name) }
    guard linkat(descriptor, temporary, descriptor, name, 0) == 0 else {
      if errno == EEXIST { return false }
      throw failure(.remove, name)
    }
    unlinkat(descriptor, temporary, 0)
    return true
  }
}
