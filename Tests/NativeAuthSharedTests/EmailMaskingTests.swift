import NativeAuthShared
import Testing

@Suite("Email masking")
struct EmailMaskingTests {
    @Test(arguments: [
        ("alice@example.com", "a***e@e*****e.com"),
        ("a@b.co", "*@*.co"),
        ("al@ex.com", "**@**.com"),
        ("bob@example.com", "b*b@e*****e.com"),
        ("first.last@mail.example.co.uk", "f********t@m*************o.uk"),
        ("x@mail.example.org", "*@m**********e.org"),
        ("a@b@example.com", "a*b@e*****e.com"),  // the last @ separates the domain
        ("alice@localhost", "a***e@l*******t"),  // no dot: the whole domain is masked
        ("alice", "a***e"),  // no @: masked as one part
        ("ab", "**"),
        ("", ""),
        ("\u{202E}lice@example.com", "?***e@e*****e.com"),  // what shows is never a control
        ("alice@example.c\u{1B}m", "a***e@e*****e.c?m"),
    ])
    func masks(_ address: String, _ expected: String) {
        #expect(EmailMasking.mask(address) == expected)
    }

    @Test func neverShowsAShortPart() {
        #expect(!EmailMasking.mask("jo@example.com").contains("jo"))
    }
}
