import CalendarPaging
import Interchange
import Testing

/// Version 5 UUIDs against Python's `uuid.uuid5` (CPython 3.11).
///
/// The expected values below were printed by
///
///     ns = uuid.uuid5(uuid.NAMESPACE_URL, "calpager:content-uid")
///     uuid.uuid5(ns, f"{day}\n{n}\n{body}")
@Suite struct UUIDv5Tests {
  @Test func rfcNamespacesMatchPython() {
    #expect(
      UUIDv5.string(namespace: UUIDv5.dnsNamespace, name: "python.org")
        == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    #expect(
      UUIDv5.string(namespace: UUIDv5.urlNamespace, name: "https://example.com/é")
        == "20ecd233-a9e7-5067-a96f-fd6600ca3fda")
    #expect(
      UUIDv5.string(namespace: UUIDv5.dnsNamespace, name: "")
        == "4ebd0208-8328-5d69-8c44-ec50939c0967")
  }

  @Test func theContentNamespaceIsTheUUIDOfItsURL() {
    #expect(
      UUIDv5.string(namespace: UUIDv5.urlNamespace, name: "calpager:content-uid")
        == UUIDv5.string(of: ContentUID.namespace))
    #expect(UUIDv5.string(of: ContentUID.namespace) == "74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b")
  }

  @Test func uuidTextRoundTripsAndBadTextIsRefused() {
    let text = "6BA7B810-9dad-11d1-80b4-00c04fd430c8"
    #expect(UUIDv5.bytes(of: text).map(UUIDv5.string(of:)) == text.lowercased())
    for bad in [
      "", "6ba7b810-9dad-11d1-80b4-00c04fd430c", "6ba7b810x9dad-11d1-80b4-00c04fd430c8",
      "6ba7b810-9dad-11d1-80b4-00c04fd430cg",
    ] {
      #expect(UUIDv5.bytes(of: bad) == nil)
    }
  }

  static let day = Day("2024-05-01")!

  @Test func recordUIDsMatchPython() {
    var uids = ContentUID()
    #expect(
      uids.uid(day: Self.day, body: "Dentist at 10:00") == "0b3cc582-fecb-5d59-8871-5fab985ac6ba")
    // The same day and body again: the second occurrence.
    #expect(
      uids.uid(day: Self.day, body: "Dentist at 10:00") == "567ad7d0-8b9b-50e6-b591-2da2d921a995")
    #expect(
      uids.uid(day: Day("2024-05-02")!, body: "Dentist at 10:00")
        == "3db0ed4f-892e-53f8-8b67-dddcd45f9b27")
    #expect(uids.uid(day: Self.day, body: "日本語 🙂\r\nx") == "b5746b4e-5f9f-52e2-b256-cf413608417a")
    #expect(
      ContentUID.conflictCopy(of: "abc@example", fingerprint: "sha:1234")
        == "09b95ef8-dab8-598a-8329-ad8dc1248334")
  }

  /// A second assigner over the same records gives the same uids: a re-import finds them.
  @Test func theSameRecordsGiveTheSameUIDs() {
    let bodies = ["a", "b", "a", "a", "c", "b"]
    func assign() -> [String] {
      var uids = ContentUID()
      return bodies.map { uids.uid(day: Self.day, body: $0) }
    }
    let first = assign()
    #expect(first == assign())
    #expect(Set(first).count == bodies.count)
  }

  /// 10^5 distinct and repeated records: every uid distinct, the counter grows correctly.
  @Test func manyRecordsKeepTheirOccurrenceNumbers() {
    var uids = ContentUID()
    var seen = Set<String>()
    for index in 0..<100_000 {
      let uid = uids.uid(day: Self.day, body: "note \(index % 50_000)")
      #expect(seen.insert(uid).inserted)
    }
    var again = ContentUID()
    var repeated = 0
    for index in 0..<100_000 {
      let body = "note \(index % 50_000)"
      let uid = again.uid(day: Self.day, body: body)
      if index >= 50_000 {
        var bytes = Array(body.utf8)
        let expected = bytes.withUnsafeMutableBufferPointer {
          ContentUID.uid(day: Self.day, body: UnsafeBufferPointer($0), occurrence: 2)
        }
        if uid == expected { repeated += 1 }
      }
    }
    #expect(repeated == 50_000)
  }
}
