import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// `nativeauth call URL`: sends a request to an API with the active account's access token, as
/// `az rest` and `gh api` do.
struct CallCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Send a request to an API with the active account's access token; print the response body.",
        discussion: """
            The token is the active account's (see `nativeauth status`), refreshed when needed, sent as \
            "Authorization: Bearer ...". When the API answers 401, the token is refreshed once and the \
            request sent once more; a 401 that is a claims challenge (WWW-Authenticate: Bearer \
            error="insufficient_claims", claims="...") gets a token with those claims for that one \
            retry, and when they need you (a second factor), the command that signs in with them is \
            printed (exit 1). The response body goes to standard output as it came; on a terminal its \
            control characters (escape sequences) are shown as ?, but for line breaks and tabs, and \
            a binary body (one holding a NUL byte) is not printed: redirect it to a file or a pipe. \
            -i puts the status line and the headers before it.

            The token goes only where you point it: https URLs, plain http only to this machine \
            (127.0.0.1, ::1, localhost), and redirects are never followed (a 3xx is shown, exit 6). \
            With the embedded emulator a path such as /v1.0/me resolves against it: its Microsoft \
            Graph-shaped /v1.0/me answers the signed-in user.

            Without --scope (or NATIVEAUTH_SCOPES), the token is for User.Read (Microsoft Graph's) \
            when the URL is https://graph.microsoft.com/... or an emulator's /v1.0/..., else for the \
            scopes the account signed in with. -d sends a body (POST unless -X says otherwise; \
            Content-Type application/json when it is JSON, else application/x-www-form-urlencoded, \
            unless -H gives one); @FILE reads it from a file, @- from standard input (4 MiB at most). \
            At most 64 -H headers; \(CallInput.reservedHeaderNames.dropLast().joined(separator: ", ")) and \
            \(CallInput.reservedHeaderNames.last ?? "") cannot be given. The response body may be \
            16 MiB (--max-response-size). A server whose certificate a private CA signed, such as \
            `nativeauth emulator --tls`, needs --ca-file FILE (or NATIVEAUTH_CA_FILE).

            EXIT CODES: 0 for a 2xx answer; 6 for any other HTTP status (the body is printed, a \
            sentence on standard error says why); 5 when the API or the sign-in server cannot be \
            reached (no answer, TLS failure, timeout); 1 when no token can be had (nobody signed in, \
            the session ended) or the response is over --max-response-size; 2 for a usage error, \
            such as a plain-http URL to another host.

            EXAMPLES:
              nativeauth call /v1.0/me
              nativeauth call https://graph.microsoft.com/v1.0/me -i
              nativeauth call https://api.contoso.com/orders \\
                --scope api://contoso/Orders.Read
              nativeauth call https://api.contoso.com/orders -X POST \\
                -H 'Content-Type: application/json' -d @order.json
              nativeauth call https://127.0.0.1:8443/v1.0/me \\
                --ca-file ~/.local/state/nativeauth/emulator/tls/ca.pem
            """)

    @Argument(help: ArgumentHelp("The API's URL, or a path such as /v1.0/me on the embedded emulator.", valueName: "URL"))
    var url: String

    @Option(name: [.customShort("X"), .customLong("method")], help: ArgumentHelp(
        "The HTTP method (default GET, or POST with -d).", valueName: "METHOD"))
    var method: String?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp(
        "A request header 'Name: value'; repeat it for several.", valueName: "HEADER"))
    var headers: [String] = []

    @Option(name: [.customShort("d"), .customLong("data")], help: ArgumentHelp(
        "The request body: the text itself, @FILE for a file's content, @- for standard input.", valueName: "DATA"))
    var data: String?

    @Flag(name: [.customShort("i"), .customLong("include")], help: "Print the status line and the response headers before the body.")
    var include = false

    @Option(name: .customLong("max-response-size"), help: ArgumentHelp(
        "Largest response body accepted: bytes, or with K, M or G (default 16M, at most 1G).", valueName: "SIZE"))
    var maxResponseSize: String?

    @OptionGroup var options: SharedOptions
    @OptionGroup var scope: ScopeOption
    @OptionGroup var accountOptions: AccountOptions

    func validate() throws {
        if let maxResponseSize, ResponseSize.parse(maxResponseSize) == nil {
            throw ValidationError("--max-response-size '\(maxResponseSize)' is not a size from 1 byte to 1G, such as 65536, 512K or 64M.")
        }
    }

    /// `call` again with the flags that chose the account (``NextCommand``), for the commands its hints
    /// print; the URL as given (a path of the embedded emulator stays a path: its port changes).
    private var again: NextCommand {
        NextCommand(placeArguments: options.arguments + accountOptions.arguments, operand: url)
    }

    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        let input = try CallInput(url: url, method: method, headers: headers, data: data, in: environment)
        let selection = try AccountSelection(options, accountOptions, scopes: scope.scopes, in: environment)
        let stored = try selection.requireActive()
        let location = try AccountSelection.location(of: stored)
        if case .embeddedPath = input.target, location != .embeddedEmulator {
            _ = try input.url(embeddedBase: nil, signedInAt: location, again: again)  // says why a path needs the embedded emulator
        }
        if ServerReachability.isReachable(location) == false {
            throw CLIFailure(.unavailable, "The account's server is not reachable: is `nativeauth emulator` running?",
                             hint: "\(TerminalText.sanitized(stored.username)) signed in at \(location.summary).")
        }
        let context = try AppContext(for: stored, at: location, store: selection.store, options: options,
                                     extra: scope.arguments, verbose: options.verbose, environment: environment)
        let answer: NativeAuthAPIResponse
        let target: URL
        do {
            (answer, target) = try await send(input, as: stored, with: context, scopes: selection.resolution.scopes)
        } catch {
            await context.close()
            throw context.explained(error)
        }
        await context.close()
        if let failure = CallOutput.show(answer, url: target, includeHeaders: include, verbose: options.verbose, again: again, in: environment) {
            throw failure
        }
    }

    /// Sends the request with `stored`'s token through `context` (to the embedded emulator's path, if
    /// given one); returns the API's answer and the URL it came from.
    private func send(_ input: CallInput, as stored: NativeAuthStoredAccount, with context: AppContext,
                      scopes: [String]?) async throws(CLIFailure) -> (NativeAuthAPIResponse, URL) {
        let limit = maxResponseSize.flatMap(ResponseSize.parse) ?? ResponseSize.defaultValue
        let embeddedBase = context.emulator.map { URL(string: "http://127.0.0.1:\($0.port)")! }
        let target = try input.url(embeddedBase: embeddedBase, signedInAt: context.location, again: again)
        let network = HTTPTransports.makeDefault(timeout: 60, maximumResponseBodySize: limit, caFile: context.caFile)
        let transport: any HTTPTransport = context.emulator.map { EmulatorStartingTransport(host: $0, network: network) } ?? network
        let scopes = scopes ?? CallScopes.defaults(for: target, location: context.location, embeddedBase: embeddedBase)
        let account = try context.libraryAccount(for: stored)
        if options.verbose {
            context.environment.console.info("> \(input.method) \(target.absoluteString) as \(TerminalText.sanitized(stored.username))"
                + (scopes.map { " (scopes: \($0.joined(separator: " ")))" } ?? ""))
        }
        let answer: NativeAuthAPIResponse
        do throws(CallAPIError) {
            answer = try await account.callAPI(input.request(to: target), parameters: NativeAuthGetAccessTokenParameters(scopes: scopes),
                                               transport: transport)
        } catch {
            throw CallOutput.failure(error, url: target, maximumResponseSize: limit, username: stored.username, next: context.next)
        }
        if options.verbose { context.environment.console.info("< HTTP \(answer.response.status)") }
        return (answer, target)
    }
}

/// The scopes `call` asks for when none are given, as `az rest` derives its resource from the URL.
enum CallScopes {
    static let graph = ["User.Read"]

    /// `User.Read` for Microsoft Graph and for an emulator's Graph-shaped `/v1.0/` paths (the embedded
    /// emulator, or the loopback emulator the account signed in at); nil (the account's own scopes) else.
    static func defaults(for url: URL, location: SignInLocation, embeddedBase: URL?) -> [String]? {
        guard let host = url.host?.lowercased() else { return nil }
        if host == "graph.microsoft.com" { return graph }
        guard url.path.hasPrefix("/v1.0/") else { return nil }
        let origin = { (candidate: URL) in "\(candidate.host?.lowercased() ?? ""):\(candidate.port ?? 0)" }
        if let embeddedBase, origin(embeddedBase) == origin(url) { return graph }
        if let authority = location.authority, location.isLoopback, origin(authority) == origin(url) { return graph }
        return nil
    }
}
