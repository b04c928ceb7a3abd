#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// `status --check`: whether a stored account still works, found by refreshing its access token once
/// (the server revoked its refresh token, the account was removed, the server is gone). No token is
/// printed.
struct AccountCheck {
    /// The account works: a refresh succeeded.
    let works: Bool
    /// Why not, one sentence (nil when it works).
    let problem: String?
    /// The library's error code when it does not work.
    let code: String?
    /// The sign-in at the account's place (``NextCommand``), named when it does not work.
    let signIn: String

    /// What one refresh found: ``works``, ``problem`` and ``code``.
    private typealias Outcome = (works: Bool, problem: String?, code: String?)

    /// Refreshes `stored`'s access token once, in `store`, for a command in `environment`.
    static func run(_ stored: NativeAuthStoredAccount, store: any NativeAuthTokenStore, options: SharedOptions,
                    in environment: CommandEnvironment) async -> AccountCheck {
        let outcome = await refresh(stored, store: store, options: options, in: environment)
        return AccountCheck(works: outcome.works, problem: outcome.problem, code: outcome.code,
                            signIn: NextCommand(account: stored, options: options).line(["signin"], operand: stored.username))
    }

    private static func refresh(_ stored: NativeAuthStoredAccount, store: any NativeAuthTokenStore, options: SharedOptions,
                                in environment: CommandEnvironment) async -> Outcome {
        let context: AppContext
        do throws(CLIFailure) {
            let location = try AccountSelection.location(of: stored)
            if ServerReachability.isReachable(location) == false {
                return (works: false, problem: ServerReachability.notReachable, code: NativeAuthErrorCode.serverUnavailable.rawValue)
            }
            context = try AppContext(for: stored, at: location, store: store, options: options, verbose: false, environment: environment)
        } catch {
            return (works: false, problem: error.message, code: nil)
        }
        let check = await refresh(stored, with: context)
        await context.close()
        return check
    }

    /// Refreshes the token once with `context`'s application.
    private static func refresh(_ stored: NativeAuthStoredAccount, with context: AppContext) async -> Outcome {
        let account: NativeAuthUserAccountResult
        do throws(CLIFailure) {
            account = try context.libraryAccount(for: stored)
        } catch {
            return (works: false, problem: context.explained(error).message, code: nil)
        }
        do throws(RetrieveAccessTokenError) {
            _ = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
            return (works: true, problem: nil, code: nil)
        } catch {
            let failure = FailureMapping.failure(error, method: .token, next: context.next)
            return (works: false, problem: failure.message, code: error.code.rawValue)
        }
    }

    /// For `--json`: `{"works": true}` or `{"works": false, "problem", "code"?}`.
    var json: [String: Any] {
        var object: [String: Any] = ["works": works]
        if let problem { object["problem"] = problem }
        if let code { object["code"] = code }
        return object
    }

    /// Whether the refresh found only that the server could not be reached: the account may work once
    /// it can be (nothing says it must be signed in again).
    var serverUnreachable: Bool { !works && code == NativeAuthErrorCode.serverUnavailable.rawValue }

    /// For the text: `works (a token was refreshed)`, `could not be checked: …` or `does not work: …`.
    var line: String {
        if works { return "works (a token was refreshed)" }
        if serverUnreachable { return "could not be checked: \(problem ?? "the server could not be reached")" }
        return "does not work: \(problem ?? "the refresh failed") Run `\(signIn)` again."
    }
}
