import NativeAuthEmulator
import Testing

@Suite("Masked email targets")
struct MaskingTests {
    @Test(arguments: [
        ("alice@example.com", "a***e@e*****e.com"),
        ("bob@example.com", "b*b@e*****e.com"),
        ("al@ex.com", "**@**.com"),
        ("x@mail.example.org", "*@m**********e.org"),
    ])
    func masks(_ input: String, _ expected: String) {
        #expect(SentCode.mask(input) == expected)
    }
}
