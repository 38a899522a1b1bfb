import Interchange
import Testing

/// `UUID5` against Python's `uuid.uuid5` (CPython 3.11 on this machine), including names
/// whose length puts SHA-1's padding on either side of a block boundary.
@Suite struct UUID5Tests {
  static let vectors: [(count: Int, uuid: String)] = [
    (0, "4ebd0208-8328-5d69-8c44-ec50939c0967"),
    (1, "05b16a01-46c6-56dd-bd6e-c6dfb4a1427a"),
    (39, "2f80c0d1-1c62-579f-8d68-e61ad5592c9b"),
    (40, "e56fd57a-7633-5e1d-8f80-70e05ac413e5"),
    (47, "a112377b-8258-5ef7-b5b0-d2540bc03abb"),
    (48, "83993b6c-dea9-55ca-be5b-9989c85943fc"),
    (55, "4c506c2a-c3a2-508b-b2ce-25c3a06bf481"),
    (56, "f1b9151e-183c-58b7-b276-8dafd14a10b6"),
    (63, "7b0e7425-aa38-5932-9049-107f29d9190d"),
    (64, "2b539495-76e8-5ab9-8067-4d5b1acb2e27"),
    (119, "9c815e69-9853-5d7a-b976-bd7647a8b234"),
    (120, "ed3b0fd5-cf80-5e5f-b389-e02ad1426550"),
    (1000, "f6d12730-a238-51ed-bf69-3689855f9bbf"),
  ]

  @Test(arguments: vectors)
  func aRunOfXInTheDNSNamespace(vector: (count: Int, uuid: String)) {
    let name = [UInt8](repeating: UInt8(ascii: "x"), count: vector.count)
    #expect(UUID5.make(namespace: UUID5.dnsNamespace, name: name) == vector.uuid)
  }

  @Test func theRFCsExampleAndUTF8Names() {
    #expect(
      UUID5.make(namespace: UUID5.dnsNamespace, name: Array("python.org".utf8))
        == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    #expect(
      UUID5.make(namespace: UUID5.urlNamespace, name: Array("https://example.com/é日本".utf8))
        == "054a069c-156e-5c49-882e-b8d42074c7df")
    // calpager's namespace for uids derived from content (README): the UUID of a URL.
    #expect(
      UUID5.make(namespace: UUID5.urlNamespace, name: Array("calpager:content-uid".utf8))
        == "74a41d25-dcd4-5565-aeae-fd4ea2f0bd6b")
  }
}
