#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one account is kept as a keyring item: the attributes that find it, the label people see in
/// a keyring manager (Seahorse, KWalletManager), and the secret, which is the whole account (its
/// refresh token, access tokens and ID token with what describes them) as JSON.
///
/// The item is the account's authority: the account list kept in a file beside it only says which
/// accounts exist, so an item written just before a process is killed is never contradicted by a
/// list written after.
struct SecretServiceItem {
    /// The attributes of every item, in the schema ``SecretServiceLibrary/schemaName``.
    static let attributeNames = ["application", "authority", "client", "account"]
    /// The largest secret read back: an account's JSON is a few kilobytes.
    static let maximumSecretBytes = 1 << 20

    /// The attributes that find `account`'s item for `application`.
    static func attributes(of account: StoredAccount, application: String) -> [String: String] {
        ["application": application, "authority": account.authority, "client": account.clientId, "account": account.identifier]
    }

    /// The attributes every item of `application` has (and only its items).
    static func attributes(application: String) -> [String: String] {
        ["application": application]
    }

    /// "nativeauth: alice@example.com on contoso": the application, the username, and the place (the
    /// tenant of a `ciamlogin.com` authority, else the authority's host, else the stored key).
    static func label(of account: StoredAccount, application: String) -> String {
        let label = "\(application): \(account.username) on \(place(of: account.authority))"
        let printable = String(String.UnicodeScalarView(label.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return printable.count > 200 ? String(printable.prefix(200)) + "…" : printable
    }

    /// The short name of the place an account signed in at.
    static func place(of authority: String) -> String {
        guard let host = URLComponents(string: authority)?.host, !host.isEmpty else { return authority }
        let suffix = ".ciamlogin.com"
        if host.lowercased().hasSuffix(suffix), host.count > suffix.count {
            return String(host.dropLast(suffix.count))
        }
        return host
    }

    /// The secret for `account`: `{"version": 1, "account": {…}}`.
    static func secret(of account: StoredAccount) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = StoreDates.encoding
        let data = try encoder.encode(Payload(version: 1, account: account))
        return String(decoding: data, as: UTF8.self)
    }

    /// The account in `secret`, checked to be the one its attributes name; nil with a reason when it
    /// is not a NativeAuth account item (or names another account).
    static func account(from secret: String, expected: StoredAccount) -> Result<StoredAccount, ItemProblem> {
        guard secret.utf8.count <= maximumSecretBytes else { return .failure(.notAnAccount("it is larger than 1 MiB")) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = StoreDates.decoding
        let payload: Payload
        do {
            payload = try decoder.decode(Payload.self, from: Data(secret.utf8))
        } catch {
            return .failure(.notAnAccount("its secret is not an account's JSON"))
        }
        guard payload.version == 1 else {
            return .failure(.newerVersion(payload.version))
        }
        let account = payload.account
        guard account.clientId == expected.clientId, account.authority == expected.authority,
              account.identifier == expected.identifier
        else { return .failure(.notAnAccount("it holds another account")) }
        return .success(account)
    }

    /// What is wrong with an item's secret.
    enum ItemProblem: Error {
        case notAnAccount(String)
        case newerVersion(Int)
    }

    private struct Payload: Codable {
        var version: Int
        var account: StoredAccount
    }
}
