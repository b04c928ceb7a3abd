#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import NativeAuth

/// `nativeauth signup`: creates an account (email code, optionally a password, the attributes the
/// tenant asks for), then signs the new user in and stores the account, as `signin` does.
struct SignUpCommand: SigningInCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Create an account with an email code (and a password), then sign in.",
        discussion: """
            A code is sent to the address: type it, r to send a new one, or q to stop. With --password \
            the new password is asked for next (hidden, and twice at a terminal); when the tenant's \
            password policy refuses it, the rule is explained and it is asked for again. Then each \
            attribute the tenant requires that was not given with --attribute is asked for; a value the \
            server refuses is named and asked for again. When standard input is not a terminal, each \
            prompt reads one line of it (the code, then the password, then each attribute). On success \
            the new user is signed in and stored. An address that already has an account exits with 3. \
            With no --tenant, --authority or NATIVEAUTH_* variables, the embedded emulator is used (it \
            requires displayName; shows its codes here). --api v2 (or NATIVEAUTH_API=v2) signs up \
            through the native-authentication API V2 (preview), with the same prompts and results, \
            but for one: V2 takes the password with the start, so --password asks for it first, \
            before the code.

            EXAMPLES:
              nativeauth signup carol@example.com --attribute displayName=Carol
              nativeauth signup --password dave@example.com
              export NATIVEAUTH_EMULATOR_FIXED_CODE=12345678   # fixed codes, for pipes
              printf '12345678\\nS3cure-Passw0rd\\nDave\\n' | \\
                nativeauth signup --password dave@example.com
            """)

    @Flag(name: .long, help: "Sign up with email and password (the password is asked for after the code).")
    var password = false

    @Argument(help: ArgumentHelp("The new account's email address; prompted for when absent.", valueName: "ADDRESS"))
    var address: String?

    @Option(name: .customLong("attribute"), help: ArgumentHelp(
        "A user attribute, such as displayName=Carol; repeat for several. Sent with the start.", valueName: "NAME=VALUE"))
    var attributes: [String] = []

    @OptionGroup var options: SharedOptions
    @OptionGroup var scope: ScopeOption
    @OptionGroup var api: APIOption
    @OptionGroup var output: JSONOption

    @OptionGroup(title: "Second factor") var strongAuth: StrongAuthOptions

    func validate() throws {
        if case .failure(let error) = AttributeOption.collect(attributes) { throw ValidationError(error.message) }
    }

    var skeleton: SignInSkeleton {
        SignInSkeleton(options: options, scope: scope, api: api, json: output.json, command: "signup", challengeTypes: password ? [.OOB, .password] : [.OOB],
                       jsonFlags: ["signedUp"], sentence: "Signed up and signed in as", address: address, passwordFlag: password)
    }

    func signIn(with context: AppContext, scopes: [String]?) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        // `validate()` refused any --attribute options that do not collect.
        let given = (try? AttributeOption.collect(attributes).get()) ?? [:]
        let username = try await AddressPrompt.read(given: address, next: context.next, in: context.environment)
        return try await SignUpFlowDriver(attributes: given, password: password, scopes: scopes, choices: strongAuth, context: context).run(username: username)
    }
}
