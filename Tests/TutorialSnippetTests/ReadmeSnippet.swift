import Foundation
import NativeAuth
import Testing

/// The README's "library in 30 lines", compiled here so that the front door cannot show code that
/// does not build; the test below checks that README.md shows exactly this code.
enum ReadmeSnippet {
    static func signIn() async throws {
        // README.md: begin
        let app = try NativeAuthPublicClientApplication(
            clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
            challengeTypes: [.OOB, .password],
            tokenStore: try FileTokenStore(directory: FileTokenStore.defaultDirectory()))

        switch await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            print("Enter the \(codeLength)-digit code sent to \(sentTo)")
            switch await state.submitCode(code: readLine() ?? "") {
            case .completed(let result):
                let token = try await result.getAccessToken()
                print("Signed in as \(result.account.username): \(token.accessToken.prefix(12))…")
            case .error(let error, let retryState):
                print(error.errorDescription ?? "", retryState == nil ? "(start over)" : "(try again)")
            case .awaitingMFA, .strongAuthMethodRegistration:
                break   // a second factor, when the app advertises the capability
            }
        case .passwordRequired(let state):
            _ = await state.submitPassword(password: "…")
        case .completed(let result):
            print(result.account.username)
        case .error(let error):
            print(error.errorDescription ?? "")
        case .awaitingMFA, .strongAuthMethodRegistration:
            break
        }
        // README.md: end
    }
}

@Suite("README")
struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The README's Swift example is the code compiled in ReadmeSnippet.swift")
    func readmeShowsTheCompiledSnippet() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// README.md: begin\n"))
        let end = try #require(source.range(of: "        // README.md: end", range: begin.upperBound..<source.endIndex))
        let compiled = source[begin.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            .joined(separator: "\n")
        #expect(readme.contains("```swift\nimport NativeAuth\n\n" + compiled + "```"),
                "README.md's Swift example differs from ReadmeSnippet.signIn(): copy one into the other")
    }
}
