import ArgumentParser
import NativeAuth

/// `nativeauth signout`: removes the signed-in account and its tokens from the store.
struct SignOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signout",
        abstract: "Sign out: remove the account and its tokens from this machine.",
        discussion: """
            No request is sent to the server. Exits 1 when nobody is signed in.

            EXAMPLES:
              nativeauth signout
              nativeauth signout --tenant contoso
            """)

    @OptionGroup var options: SharedOptions

    func run() async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            let found = try StoredAccountLookup.require(options)
            try await found.context.run { context throws(CLIFailure) in
                let account = try found.accountResult()
                do {
                    try account.signOutOrThrow()
                } catch {
                    throw CLIFailure(.failure, "The token store could not be updated: \(error)")
                }
                if options.json {
                    JSONOutput.print(["signedOut": true, "username": found.account.username, "location": context.location.json])
                } else {
                    Console.result("Signed out \(found.account.username) (\(context.location.summary)).")
                }
            }
        }
    }
}
