import ArgumentParser
import NativeAuthShared

/// `--account USERNAME`: the stored account `token`, `status` and `signout` act on.
struct AccountOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The stored account to act on, by username (case-insensitive); default: the active account.",
        valueName: "USERNAME"))
    var account: String?

    func validate() throws {
        if let account, account.trimmed(.whitespaces).isEmpty {
            throw ValidationError("--account is empty: give a username such as alice@example.com.")
        }
    }

    /// `--account` as given, as the words of a command line.
    var arguments: [String] {
        account.map { ["--account", $0] } ?? []
    }
}
