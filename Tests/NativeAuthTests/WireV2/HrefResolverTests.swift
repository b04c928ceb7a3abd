import Foundation
import Testing
@testable import NativeAuth

/// The V2 href rules (issue 33, item 2): what is followed, where it goes, and every hostile form refused.
@Suite struct HrefResolverTests {
    static let https = HrefResolver(authority: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!)
    static let loopback = HrefResolver(authority: URL(string: "http://127.0.0.1:8080/emulator.onmicrosoft.com")!)
    static let tenantId = "9188040d-6c67-4c5b-b112-36a304b66dad"

    @Test(arguments: [
        ("/api/v2.0/signin", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/signin"),
        ("{tenant}/api/v0.1/auth/methods/email/m1/challenge",
         "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v0.1/auth/methods/email/m1/challenge"),
        ("/contoso.onmicrosoft.com/api/v2.0/signin", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/signin"),
        ("/\(tenantId)/api/v2.0/signin", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/signin"),
        ("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/x", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/x"),
        ("HTTPS://CONTOSO.ciamlogin.com:443/\(tenantId)/oauth2/v2.0/authorize-challenge",
         "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize-challenge"),
        ("/api/v2.0/poll?x=%2F1&y=a+b", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/poll?x=%2F1&y=a+b"),
    ])
    func aFollowedHrefGoesToTheAuthority(href: String, expected: String) throws {
        let url = try Self.https.resolve(href).get()
        #expect(url.absoluteString == expected)
    }

    @Test func httpIsFollowedOnlyWhenTheAuthorityIsHTTP() throws {
        #expect(try Self.loopback.resolve("http://127.0.0.1:8080/emulator.onmicrosoft.com/api/v2.0/signin").get().absoluteString
                == "http://127.0.0.1:8080/emulator.onmicrosoft.com/api/v2.0/signin")
        #expect(Self.https.resolve("http://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/signin") == .failure(.scheme("http")))
    }

    /// The outside review's `--authority 'http://[::1]:PORT/x.onmicrosoft.com'`: every link was
    /// refused as "not a URL" (the host lost its brackets). They are followed, to the authority only.
    @Test func anIPv6LoopbackAuthorityFollowsItsLinksAndNoOthers() throws {
        let ipv6 = HrefResolver(authority: URL(string: "http://[::1]:8080/x.onmicrosoft.com")!)
        for href in ["/api/v2.0/signin", "{tenant}/api/v2.0/signin", "/x.onmicrosoft.com/api/v2.0/signin",
                     "http://[::1]:8080/x.onmicrosoft.com/api/v2.0/signin", "HTTP://[::1]:8080/api/v2.0/signin"] {
            let url = try ipv6.resolve(href).get()
            #expect(url.absoluteString == "http://[::1]:8080/x.onmicrosoft.com/api/v2.0/signin", "\(href)")
            #expect(url.port == 8080 && url.path == "/x.onmicrosoft.com/api/v2.0/signin", "\(href)")
        }
        #expect(try ipv6.resolve("/oauth2/v2.0/token?a=b").get().absoluteString == "http://[::1]:8080/x.onmicrosoft.com/oauth2/v2.0/token?a=b")
        #expect(ipv6.resolve("http://[::2]:8080/x.onmicrosoft.com/api/v2.0/signin") == .failure(.otherHost("[::2]")))
        #expect(ipv6.resolve("http://[0:0:0:0:0:0:0:1]:8080/api/v2.0/signin") == .failure(.otherHost("[0:0:0:0:0:0:0:1]")),
                "the host as the authority writes it, not another spelling")
        #expect(ipv6.resolve("http://127.0.0.1:8080/x.onmicrosoft.com/api/v2.0/signin") == .failure(.otherHost("127.0.0.1")))
        #expect(ipv6.resolve("http://[::1]:8081/x.onmicrosoft.com/api/v2.0/signin") == .failure(.otherPort))
        #expect(ipv6.resolve("http://[::1]/x.onmicrosoft.com/api/v2.0/signin") == .failure(.otherPort))
        for href in ["/api/v2.0/[signin]", "{tenant}/api/v2.0/sign[in", "http://[::1]:8080/x.onmicrosoft.com/api/[v2.0]/signin",
                     "/api/v2.0/signin?x=[1]", "http://[::1]x:8080/api/v2.0/signin", "http://[evil.example]:8080/api/v2.0/signin",
                     "http://[]:8080/api/v2.0/signin", "http://[::1]:80]80/api/v2.0/signin", "http://::1]:8080/api/v2.0/signin"] {
            #expect(ipv6.resolve(href) == .failure(.forbiddenCharacter), "brackets only around an absolute href's host: \(href)")
        }
        let defaultPort = HrefResolver(authority: URL(string: "http://[::1]/x.onmicrosoft.com")!)
        #expect(try defaultPort.resolve("/api/v2.0/signin").get().absoluteString == "http://[::1]/x.onmicrosoft.com/api/v2.0/signin")
    }

    @Test(arguments: [
        ("https://evil.example/contoso.onmicrosoft.com/api/v2.0/verify", HrefResolver.Refusal.otherHost("evil.example")),
        ("https://contoso.ciamlogin.com.evil.example/api/v2.0/verify", .otherHost("contoso.ciamlogin.com.evil.example")),
        ("https://contoso.ciamlogin.com:8443/api/v2.0/verify", .otherPort),
        ("http://contoso.ciamlogin.com/api/v2.0/verify", .scheme("http")),
        ("javascript:alert(1)", .scheme("javascript")),
        ("file:///etc/passwd", .scheme("file")),
        ("//evil.example/api/v2.0/verify", .networkPath),
        ("https://user:pass@contoso.ciamlogin.com/api/v2.0/verify", .userInfo),
        ("https://evil.example@contoso.ciamlogin.com/api/v2.0/verify", .userInfo),
        ("/api/v2.0/../../evil/verify", .dotSegment),
        ("/api/v2.0/./verify", .dotSegment),
        ("/api/v2.0/%2e%2e/verify", .dotSegment),
        ("/api/v2.0/%2E./verify", .dotSegment),
        ("/api//v2.0/verify", .emptySegment),
        ("/api/v2.0/verify/", .emptySegment),
        ("/api/v2.0/verify#frag", .fragment),
        ("/other/v2.0/verify", .notAnAPIPath),
        ("/api", .notAnAPIPath),
        ("api/v2.0/verify", .notAnAPIPath),
        ("{host}/api/v2.0/verify", .template),
        ("/api/{id}/verify", .template),
        ("", .empty),
        ("/api/v2.0/ver ify", .forbiddenCharacter),
        ("/api/v2.0/verify\r\nHost: evil", .forbiddenCharacter),
        ("/api\\v2.0/verify", .forbiddenCharacter),
        ("/api/v2.0/vérify", .forbiddenCharacter),
        ("/api/v2.0/\"verify", .forbiddenCharacter),
        ("/api/v2.0/a%2F..%2Fb", .forbiddenCharacter),
        ("/api/v2.0/a%5c..%5cb", .forbiddenCharacter),
        ("/api/v2.0/a%0d%0ab", .forbiddenCharacter),
        ("/api/v2.0/a%zz", .forbiddenCharacter),
        ("/aPi/v2.0/verify", .notAnAPIPath),
    ])
    func aHostileHrefIsRefused(href: String, refusal: HrefResolver.Refusal) {
        #expect(Self.https.resolve(href) == .failure(refusal), "\(href)")
    }

    @Test func anOverlongHrefIsRefused() {
        #expect(Self.https.resolve("/api/" + String(repeating: "a", count: HrefResolver.maximumLength)) == .failure(.tooLong))
    }

    @Test func everyRefusalSaysWhy() {
        let refusals: [HrefResolver.Refusal] = [.empty, .tooLong, .forbiddenCharacter, .networkPath, .scheme("ftp"), .otherHost("h"),
                                                .otherPort, .userInfo, .fragment, .dotSegment, .emptySegment, .template, .notAnAPIPath, .unreadable]
        #expect(Set(refusals.map(\.description)).count == refusals.count)
    }
}
