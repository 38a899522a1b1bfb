/// Windows zone names (`W. Europe Standard Time`, `Pacific Standard Time`), as Outlook and
/// Exchange write them in `TZID`, and the IANA zones CLDR's windowsZones table maps them to
/// (its territory 001 rows: the zone a Windows name means when no region is known).
public enum WindowsZones {
  /// The IANA name of the Windows zone `name`, nil when CLDR does not list it.
  ///
  /// `W. Europe Standard Time` is `Europe/Berlin`. Matched exactly, else ignoring case
  /// (hand-edited files write `Pacific standard time`).
  ///
  /// - Complexity: O(log n) in the table's rows for an exact match.
  public static func ianaName(forWindowsName name: String) -> String? {
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if table[middle].windows < name { low = middle + 1 } else { high = middle }
    }
    if low < table.count && table[low].windows == name { return table[low].iana }
    let folded = name.lowercased()
    return table.first { $0.windows.lowercased() == folded }?.iana
  }
}
