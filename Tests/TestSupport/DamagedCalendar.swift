/// A calendar's text with random damage, for the differential tests that read it both on a
/// fast path and on the general one: each must read it the same, or refuse it the same.
///
/// One to three of the lines between the first and the last are dropped, repeated, moved,
/// upper- or lower-cased, given `parameter`, preceded by a blank line or by `nested` (a
/// component inside the one they are in), or cut short; the lines are joined with LF instead of
/// CRLF with `bareLineEnds` chance, and one time in ten the text is cut short.
public func randomlyDamaged(
  _ lines: [String], random: inout SplitMix64, parameter: String, nested: [String],
  bareLineEnds: Double
) -> [UInt8] {
  var changed = lines
  for _ in 0..<random.next(in: 1...3) {
    let index = random.next(in: 1...(changed.count - 2))
    let line = changed[index]
    switch random.next(in: 0...8) {
    case 0: changed.remove(at: index)
    case 1: changed.insert(line, at: index)
    case 2: changed.insert(changed.remove(at: index), at: random.next(in: 1...(index)))
    case 3: changed[index] = line.lowercased()
    case 4: changed[index] = line.uppercased()
    case 5:
      if let colon = line.firstIndex(of: ":") {
        changed[index] = line[..<colon] + parameter + line[colon...]
      }
    case 6: changed.insert("", at: index)
    case 7: changed.insert(contentsOf: nested, at: index)
    default: changed[index] = String(line.prefix(random.next(in: 0...line.count)))
    }
  }
  var bytes = Array(changed.joined(separator: random.chance(bareLineEnds) ? "\n" : "\r\n").utf8)
  if random.chance(0.1) { bytes = Array(bytes.prefix(random.next(in: 0...bytes.count))) }
  return bytes
}
