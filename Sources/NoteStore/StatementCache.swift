/// A connection's prepared statements, by their SQL text.
///
/// A statement is looked up on every query, and hashing its text costs more than running a
/// short query's bytecode. So a small table, indexed by the text's length and two of its bytes,
/// answers first: the same literal compares equal at once (the same storage). Statements it
/// does not hold (two texts that share a slot, texts made at run time) are in a dictionary.
struct StatementCache {
  /// The table's size: a power of two, well above the statements a command runs.
  private static let slotCount = 64
  private var slots = [Statement?](repeating: nil, count: StatementCache.slotCount)
  private var all: [String: Statement] = [:]

  /// The statement prepared for `sql`, if any.
  subscript(sql: String) -> Statement? {
    mutating get {
      let slot = StatementCache.slot(of: sql)
      if let statement = slots[slot], statement.sql == sql { return statement }
      guard let statement = all[sql] else { return nil }
      slots[slot] = statement
      return statement
    }
  }

  /// Keeps `statement`.
  mutating func insert(_ statement: Statement) {
    all[statement.sql] = statement
    slots[StatementCache.slot(of: statement.sql)] = statement
  }

  /// Forgets `statement` (a statement that failed is prepared again next time).
  mutating func remove(_ statement: Statement) {
    if all[statement.sql] === statement { all[statement.sql] = nil }
    let slot = StatementCache.slot(of: statement.sql)
    if slots[slot] === statement { slots[slot] = nil }
  }

  /// Finalizes every statement and forgets them.
  mutating func finalizeAll() {
    for statement in all.values { statement.finalize() }
    all.removeAll()
    slots = [Statement?](repeating: nil, count: StatementCache.slotCount)
  }

  /// The slot of `sql`: from its length and the bytes at a third and two thirds of it (SQL
  /// texts tend to share their first words).
  private static func slot(of sql: String) -> Int {
    let utf8 = sql.utf8
    let count = utf8.count
    guard count > 2 else { return count }
    let first = utf8[utf8.index(utf8.startIndex, offsetBy: count / 3)]
    let second = utf8[utf8.index(utf8.startIndex, offsetBy: 2 * count / 3)]
    return (count &* 31 &+ Int(first) &* 7 &+ Int(second)) & (slotCount - 1)
  }
}
