import Foundation
import NativeAuth
import NativeAuthEmulator
import Testing

/// Issue 35, item 28: the DocC article "The emulator in tests" shows code that points an app at
/// the emulator; this is that code, compiled and run here, and the test below checks that the
/// article shows exactly it.
enum EmulatorArticleSnippet {
    /// Signs alice in against an emulator started in this process; returns the username.
    static func signIn() async throws -> String {
        // EmulatorForTests.md: begin
        var settings = EmulatorConfiguration()   // in memory, on a free port of 127.0.0.1
        settings.fixedCode = "12345678"           // every code it "sends"
        let emulator = try await Emulator.start(settings)

        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: EmulatorConfiguration.defaultClientId,  // the emulator's app registration
            authority: emulator.authority,                    // http://127.0.0.1:PORT/emulator.onmicrosoft.com
            challengeTypes: [.OOB, .password])
        let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)

        var username = ""
        if case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: "alice@example.com")),
           case .completed(let result) = await state.submitCode(code: "12345678") {
            username = result.account.username
        }
        try await emulator.stop()
        // EmulatorForTests.md: end
        return username
    }
}

@Suite
struct EmulatorArticleSnippetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theSnippetSignsIn() async throws {
        #expect(try await EmulatorArticleSnippet.signIn() == "alice@example.com")
    }

    @Test func theArticleShowsTheCompiledSnippet() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent("Sources/NativeAuth/NativeAuth.docc/EmulatorForTests.md"),
                                 encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// EmulatorForTests.md: begin\n"))
        let end = try #require(source.range(of: "        // EmulatorForTests.md: end", range: begin.upperBound..<source.endIndex))
        let compiled = source[begin.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            .joined(separator: "\n")
        #expect(article.contains("```swift\nimport NativeAuth\nimport NativeAuthEmulator\n\n" + compiled + "```"),
                "EmulatorForTests.md's code differs from EmulatorArticleSnippet.signIn(): copy one into the other")
    }
}
