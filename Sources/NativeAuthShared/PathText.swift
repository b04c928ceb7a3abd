/// The parts of a file path as text, as `NSString`'s path helpers give them, which FoundationEssentials
/// (what NativeAuth uses on Linux) does not have.
///
/// ```swift
/// PathText.parent(of: "/home/alice/tokens.json")    // "/home/alice"
/// PathText.lastComponent(of: "/home/alice/tokens.json")   // "tokens.json"
/// PathText.appending("tokens.json", to: "/home/alice")      // "/home/alice/tokens.json"
/// ```
package enum PathText {
    /// The path without its last component (trailing slashes ignored): `/a/b` → `/a`, `/a` → `/`,
    /// `a` → empty, `/` → `/`.
    package static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        if trimmed.isEmpty { return path.hasPrefix("/") ? "/" : "" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(trimmed[..<slash])
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The last component (trailing slashes ignored): `/a/b` → `b`, `/` → `/`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        if trimmed.isEmpty { return path.hasPrefix("/") ? "/" : "" }
        return String(trimmed.lastIndex(of: "/").map { trimmed[trimmed.index(after: $0)...] } ?? trimmed)
    }

    /// `name` inside the folder `folder` (one slash between them).
    package static func appending(_ name: String, to folder: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
