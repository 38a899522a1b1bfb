import Foundation
import Glibc
import TestSupport

/// A vdir in a temporary directory, looked at and changed as another program (vdirsyncer, a
/// phone app) would: files written and removed by hand.
final class VdirFolder {
  let directory = TemporaryDirectory("vdir")
  /// The vdir's path (not created until a sync or `write` makes it).
  var path: String { directory.file("notes") }

  /// The vdir's file names, sorted.
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// The names of the item files (`*.ics`), sorted.
  func items() -> [String] {
    names().filter { $0.hasSuffix(".ics") }
  }

  /// The bytes of `name`.
  func bytes(_ name: String) -> [UInt8]? {
    contentsOfFile(path + "/" + name)
  }

  /// The text of `name`.
  func text(_ name: String) -> String {
    String(decoding: bytes(name) ?? [], as: UTF8.self)
  }

  /// Writes `text` as `name` (creating the vdir when needed), as another program would.
  func write(_ name: String, _ text: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try writeFile(path + "/" + name, text)
  }

  /// Removes `name`.
  func remove(_ name: String) {
    unlink(path + "/" + name)
  }

  /// The name of the marker file calpager writes at a folder's first sync.
  static let marker = ".calpager-vdir"

  /// Every file (but the marker, unless `includingMarker`) with its bytes and its stat (size,
  /// modification time in ns, inode): what must not change when a sync has nothing to do.
  func snapshot(includingMarker: Bool = true) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for name in names() where includingMarker || name != VdirFolder.marker {
      var info = stat()
      guard lstat(path + "/" + name, &info) == 0 else { continue }
      let bytes = self.bytes(name) ?? []
      result[name] = [
        Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino),
        Int(info.st_mode & 0o777), bytes.hashValue,
      ]
    }
    return result
  }

  /// The permission bits of `name` (or of the vdir itself for nil).
  func mode(_ name: String? = nil) -> Int {
    var info = stat()
    lstat(name.map { path + "/" + $0 } ?? path, &info)
    return Int(info.st_mode & 0o777)
  }

  /// The item file whose text holds `fragment`.
  func item(containing fragment: String) -> String? {
    items().first { text($0).contains(fragment) }
  }
}

/// An iCalendar item as another program writes it: one journal, CRLF line ends.
///
/// - Parameters:
///   - uid: The `UID`.
///   - lines: The journal's other lines (`SUMMARY:…`, `DTSTART…`), in order.
///   - prodID: The calendar's `PRODID`.
/// - Returns: The item's text.
func journalItem(uid: String, _ lines: [String], prodID: String = "-//Phone//Journal 1.0//EN")
  -> String
{
  crlfLines(
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(prodID)", "BEGIN:VJOURNAL", "UID:\(uid)"]
      + lines + ["END:VJOURNAL", "END:VCALENDAR"])
}

/// `lines`, each ended with CRLF as iCalendar ends them.
func crlfLines(_ lines: [String]) -> String {
  lines.map { $0 + "\r\n" }.joined()
}

/// The item file calpager writes for a note it made, spelled out line by line (RFC 5545's
/// forms, times formatted by Foundation), so that a test's expectation is not computed by
/// the writer it checks.
///
/// - Parameters:
///   - uid: The note's uid.
///   - day: Its day as `YYYYMMDD`.
///   - body: Its body: one line that TEXT holds as it is (nothing to escape or fold).
///   - created: When it was created, in milliseconds since 1970.
///   - updated: When it was last changed, in milliseconds since 1970.
/// - Returns: The item's bytes.
func calpagerItem(uid: String, day: String, body: String, created: Int, updated: Int) -> [UInt8] {
  precondition(
    body.utf8.count <= 60 && !body.contains(where: { ",;\\\n\r".contains($0) }),
    "a body with nothing to escape or fold")
  func time(_ milliseconds: Int, _ format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateFormat = format
    return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
  }
  func basic(_ milliseconds: Int) -> String { time(milliseconds, "yyyyMMdd'T'HHmmss'Z'") }
  func iso(_ milliseconds: Int) -> String { time(milliseconds, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'") }
  return Array(
    crlfLines([
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calpager//calpager//EN", "BEGIN:VJOURNAL",
      "UID:\(uid)", "DTSTAMP:\(basic(updated))", "DTSTART;VALUE=DATE:\(day)",
      "CREATED:\(basic(created))", "LAST-MODIFIED:\(basic(updated))", "SUMMARY:\(body)",
      "X-CALPAGER-CREATED:\(iso(created))", "X-CALPAGER-UPDATED:\(iso(updated))",
      "END:VJOURNAL", "END:VCALENDAR",
    ]).utf8)
}
