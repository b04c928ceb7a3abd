#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// A native sign-in answered "browser required": at a terminal, offer to continue in the browser;
/// in a script, fail with exit 4 and print the command that would.
struct BrowserFallbackOffer {
    let username: String

    func offer(_ failure: CLIFailure, web: WebSignIn) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        var failure = failure
        failure.hint = (failure.hint.map { $0 + "\n" } ?? "") + "To sign in in the browser instead: \(Self.command(for: username, at: web.context.next))"
        let environment = web.context.environment
        guard environment.inputIsTerminal else { throw failure }
        // No question whose yes could not work: the device code is the way out.
        if let problem = BrowserAvailability.problem(in: environment) {
            let noBrowser = BrowserAvailability.failure(problem, next: web.context.next)
            failure.hint = [failure.hint, noBrowser.message, noBrowser.hint].compactMap { $0 }.joined(separator: "\n")
            throw failure
        }
        environment.console.info(failure.message)
        guard let answer = await LineReader.line(prompt: "Continue in the browser? [Y/n] ", in: environment) else { throw failure }
        guard ["", "y", "yes"].contains(answer.trimmed(.whitespaces).lowercased()) else { throw failure }
        return try await web.browser()
    }

    /// `nativeauth signin --browser ADDRESS` at the place `next` carries.
    static func command(for username: String, at next: NextCommand) -> String {
        next.line(["signin", "--browser"], operand: username)
    }
}
