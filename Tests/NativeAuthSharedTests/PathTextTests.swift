import NativeAuthShared
import Testing

/// The expected values are what `NSString`'s `deletingLastPathComponent` and `lastPathComponent` give
/// on Apple platforms (on Linux, Foundation's own crash on some of these paths, so they are written out).
@Suite("PathText")
struct PathTextTests {
    @Test("parent and last component", arguments: [
        ("/a/b", "/a", "b"), ("/a/b/", "/a", "b"), ("/a", "/", "a"), ("/", "/", "/"), ("a", "", "a"), ("a/b", "a", "b"),
        ("a/b//", "a", "b"), ("", "", ""),
        ("/home/alice/.local/state/nativeauth/tokens.json", "/home/alice/.local/state/nativeauth", "tokens.json"),
    ])
    func components(_ path: String, _ parent: String, _ last: String) {
        #expect(PathText.parent(of: path) == parent)
        #expect(PathText.lastComponent(of: path) == last)
    }

    @Test func appendsOneSlash() {
        #expect(PathText.appending("x", to: "/a") == "/a/x")
        #expect(PathText.appending("x", to: "/a/") == "/a/x")
        #expect(PathText.appending("x", to: "/") == "/x")
        #expect(PathText.appending("x", to: "") == "x")
    }
}
