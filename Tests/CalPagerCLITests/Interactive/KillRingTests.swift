import Testing

@testable import CalPagerCLI

@Suite struct KillRingTests {
  @Test func killsInARowJoinInTheOrderOfTheText() {
    var ring = KillRing()
    // Ctrl-W three times: each word goes before the ones killed after it.
    ring.add("three", joining: false, forward: false)
    ring.add("two ", joining: true, forward: false)
    ring.add("one ", joining: true, forward: false)
    #expect(ring.entry(back: 0) == "one two three")
    // Ctrl-K then Alt-D: forward kills add to the end.
    ring.add("a", joining: false, forward: true)
    ring.add("b", joining: true, forward: true)
    #expect(ring.entries == ["one two three", "ab"])
  }

  @Test func entriesGoBackFromTheNewestAndWrapAround() {
    var ring = KillRing()
    #expect(ring.entry(back: 0) == nil)
    for text in ["first", "second", "third"] { ring.add(text, joining: false, forward: true) }
    #expect(ring.entry(back: 0) == "third")
    #expect(ring.entry(back: 2) == "first")
    #expect(ring.entry(back: 3) == "third")
  }

  @Test func theRingKeepsItsCapacityAndNoEmptyKill() {
    var ring = KillRing()
    ring.add("", joining: false, forward: true)
    #expect(ring.entries.isEmpty)
    for index in 0..<(KillRing.capacity + 5) {
      ring.add("kill \(index)", joining: false, forward: true)
    }
    #expect(ring.entries.count == KillRing.capacity)
    #expect(ring.entries.first == "kill 5")
  }
}
