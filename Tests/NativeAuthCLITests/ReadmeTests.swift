import Foundation
import Testing

extension Installation {
    /// Issue 35, item 28: what the README tells someone adding the package is true: no
    /// placeholder in the dependency line, and the platform minimums Package.swift declares.
    @Suite
    struct ReadmeTests {
        @Test func theDependencyLineIsRealAndThePlatformMinimumsAreStated() throws {
            let root = InstallScriptTests.root
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(!readme.contains("<owner>"), "a placeholder in the dependency line")
            #expect(readme.contains(#".package(path: "../NativeAuth")"#), "the dependency line a user types")
            let platforms = try #require(manifest.firstMatch(of: /platforms: \[\.macOS\(\.v(\d+)\), \.iOS\(\.v(\d+)\)\]/), "Package.swift's platforms")
            #expect(readme.contains("macOS \(platforms.output.1)") && readme.contains("iOS \(platforms.output.2)"), "the README states the minimums")
        }
    }
}
