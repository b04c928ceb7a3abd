import ArgumentParser
import Foundation
import NativeAuth

/// `nativeauth status`: who is signed in, where, the ID token's claims and token expiry. Never prints tokens.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the signed-in account, where it signed in, its ID-token claims and token expiry.",
        discussion: """
            No request is sent and no token is printed. Exits 1 when nobody is signed in (with --json, \
            {"signedIn": false} is printed).

            EXAMPLES:
              nativeauth status
              nativeauth status --json
            """)

    @OptionGroup var options: SharedOptions

    func run() async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            guard let found = try StoredAccountLookup.find(options) else {
                if options.json { JSONOutput.print(["signedIn": false]) }
                throw StoredAccountLookup.notSignedIn(try TargetResolution(options))
            }
            let claims = (try? found.context.app.currentAccount())??.account.accountClaims ?? [:]
            let report = StatusReport(account: found.account, location: found.context.location, claims: claims)
            if options.json {
                JSONOutput.print(report.json)
            } else {
                report.lines.forEach(Console.result)
            }
        }
    }
}

/// What `status` shows, as text and as JSON.
struct StatusReport {
    let account: StoredAccount
    let location: SignInLocation
    let claims: [String: Any]
    var now = Date()

    var json: [String: Any] {
        [
            "signedIn": true,
            "username": account.username,
            "identifier": account.identifier,
            "clientId": account.clientId,
            "location": location.json,
            "signedInAt": account.signedInAt,
            "hasRefreshToken": account.refreshToken != nil,
            "accessTokens": account.accessTokens.map { ["scopes": $0.scopes, "expiresOn": $0.expiresOn, "expired": $0.expiresOn <= now] },
            "claims": claims,
        ]
    }

    var lines: [String] {
        var lines = [
            "Signed in as \(account.username)",
            "  where:          \(location.summary)",
            "  client id:      \(account.clientId)",
            "  account id:     \(account.identifier)",
            "  signed in at:   \(JSONOutput.timestamp(account.signedInAt))",
            "  refresh token:  \(account.refreshToken == nil ? "none" : "stored")",
        ]
        if account.accessTokens.isEmpty {
            lines.append("  access token:   none cached")
        }
        for token in account.accessTokens.sorted(by: { $0.expiresOn < $1.expiresOn }) {
            lines.append("  access token:   \(expiry(token.expiresOn)) (scopes: \(token.scopes.joined(separator: " ")))")
        }
        if !claims.isEmpty {
            lines.append("  ID token claims:")
            for key in claims.keys.sorted() {
                lines.append("    \(key): \(Self.text(claims[key]!))")
            }
        }
        return lines
    }

    private func expiry(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        let stamp = JSONOutput.timestamp(date)
        if seconds <= 0 { return "expired at \(stamp)" }
        return seconds >= 120 ? "expires \(stamp) (in \(seconds / 60) min)" : "expires \(stamp) (in \(seconds) s)"
    }

    private static func text(_ value: Any) -> String {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default:
            guard JSONSerialization.isValidJSONObject(value),
                  let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return "\(value)" }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
