#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// What `status` shows of the stored accounts, as text and as JSON (`{"accounts": [...], "active": N}`).
struct StatusReport {
    /// One stored account and what is known of it.
    struct Entry {
        let account: NativeAuthStoredAccount
        let isActive: Bool
        /// For a loopback authority other than the embedded emulator: whether it accepts connections.
        let serverReachable: Bool?
        /// The CA file remembered for its place (``RememberedCAFiles``), if any.
        let caFile: String?
        /// With `--check`: whether a refresh worked.
        var check: AccountCheck?
    }

    var entries: [Entry]
    var now = Date()

    /// `selection`'s accounts, newest first, the first one active; loopback servers are probed.
    init(_ selection: AccountSelection, caFiles: RememberedCAFiles.Snapshot) {
        entries = selection.accounts.enumerated().map { index, account in
            Entry(account: account, isActive: index == 0,
                  serverReachable: SignInLocation(stored: account.storageAuthority).flatMap(ServerReachability.isReachable),
                  caFile: caFiles.file(forStoredKey: account.storageAuthority))
        }
    }

    var json: [String: Any] {
        ["accounts": entries.map(object), "active": entries.isEmpty ? JSONValue.null : 0]
    }

    private func object(_ entry: Entry) -> [String: Any] {
        let account = entry.account
        var object: [String: Any] = [
            "active": entry.isActive,
            "username": account.username,
            "identifier": account.identifier,
            "clientId": account.clientId,
            "location": account.placeJSON,
            "signedInAt": account.signedInAt,
            "hasRefreshToken": account.hasRefreshToken,
            "accessTokens": account.accessTokens.map {
                ["scopes": $0.scopes, "expiresOn": $0.expiresOn, "expired": $0.expiresOn <= now] as [String: Any]
            },
            "claims": account.account.accountClaims ?? [:],
        ]
        if let reachable = entry.serverReachable { object["serverReachable"] = reachable }
        if let caFile = entry.caFile { object["caFile"] = caFile }
        if let check = entry.check { object["check"] = check.json }
        return object
    }

    /// Each account's lines, a blank line between accounts.
    var lines: [String] {
        Array(entries.map(block).joined(separator: [""]))
    }

    private func block(_ entry: Entry) -> [String] {
        let account = entry.account
        var place = account.placeSummary
        if entry.serverReachable == false { place += " — \(ServerReachability.notReachable)" }
        // What the store holds came from a server (the username from the ID token, its `name`):
        // each is sanitised.
        let text: (String) -> String = { TerminalText.sanitized($0) }
        var lines = [
            text(account.username) + (entry.isActive ? " (active)" : ""),
            "  where:          \(text(place))",
            "  client id:      \(text(account.clientId))",
            "  account id:     \(text(account.identifier))",
        ]
        if let name = account.account.accountClaims?["name"] as? String {
            lines.append("  name:           \(text(name))")
        }
        lines.append("  signed in at:   \(JSONOutput.timestamp(account.signedInAt))")
        lines.append("  refresh token:  \(account.hasRefreshToken ? "stored" : "none")")
        if let caFile = entry.caFile { lines.append("  ca file:        \(text(caFile))") }
        if let check = entry.check { lines.append("  check:          \(text(check.line))") }
        if account.accessTokens.isEmpty {
            lines.append("  access token:   none cached")
        }
        for token in account.accessTokens.sorted(by: { $0.expiresOn < $1.expiresOn }) {
            lines.append("  access token:   \(expiry(token.expiresOn)) (scopes: \(text(token.scopes.joined(separator: " "))))")
        }
        return lines
    }

    private func expiry(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        let stamp = JSONOutput.timestamp(date)
        if seconds <= 0 { return "expired at \(stamp)" }
        return seconds >= 120 ? "expires \(stamp) (in \(seconds / 60) min)" : "expires \(stamp) (in \(seconds) s)"
    }
}
