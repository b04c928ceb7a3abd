import NativeAuth

/// `signin`, `signup` and `reset-password`: where to sign in (``TargetResolution``), the token store
/// checked before a code or a password is spent (``StoreCheck``), the application (and the embedded
/// emulator, closed at the end whatever happens), the command's own flow (``signIn(with:scopes:)``),
/// then the account it signed in, stored under the right key (beside the other accounts of the
/// place) and reported on standard output; when it takes over from another active account,
/// standard error says so.
protocol SigningInCommand: ReportingCommand {
    /// How the command reports, and what its application offers.
    var skeleton: SignInSkeleton { get }

    /// Signs in with `context`'s application, asking for `scopes`.
    func signIn(with context: AppContext, scopes: [String]?) async throws(CLIFailure) -> NativeAuthUserAccountResult
}

extension SigningInCommand {
    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        let skeleton = skeleton
        try skeleton.checkAddress()
        let resolution = try TargetResolution(options, scopes: skeleton.scope.scopes, in: environment)
        let target = try resolution.signInTarget()
        let api = try skeleton.api.api(in: environment)
        let store = try AppContext.openStore(options, migrating: true, in: environment)
        try StoreCheck.beforeSpendingACode(store, again: skeleton.next.againLine())
        let storedBefore = (try? NativeAuthAccountStore(store).list()) ?? []
        // Before the first prompt (the address, a password): where the answers go.
        if target.location == .embeddedEmulator { environment.console.info(EmulatorSettings.embeddedNotice(in: environment)) }
        // The CA file given, else the one a sign-in here was given before.
        let caFiles = RememberedCAFiles(options, in: environment)
        let givenCAFile = options.caFile(in: environment)
        let context = try AppContext(location: target.location, clientId: target.clientId, challengeTypes: skeleton.challengeTypes,
                                     api: api, store: store, verbose: options.verbose, caFile: givenCAFile ?? caFiles.file(for: target.location),
                                     next: skeleton.next, environment: environment)
        let result: NativeAuthUserAccountResult
        do {
            result = try await signIn(with: context, scopes: resolution.scopes)
        } catch {
            await context.close()
            throw context.explained(error)
        }
        await context.close()
        context.forgetLegacyEmbeddedAccount(identifier: result.account.identifier)
        skeleton.report(result, context: context)
        let storedAfter = (try? NativeAuthAccountStore(store).list()) ?? []
        if let signedIn = storedAfter.first(where: { context.stores($0, as: result) }) {
            ReplacedAccount.replaced(by: signedIn, before: storedBefore, after: storedAfter)
                .forEach { environment.console.info(ReplacedAccount.line($0)) }
            if let givenCAFile, target.location.authority?.scheme == "https" {
                do {
                    try caFiles.remember(givenCAFile, forStoredKey: signedIn.storageAuthority)
                } catch {
                    environment.console.info("The CA file could not be remembered for later commands: \(error)")
                }
            }
        }
        ActiveAccount.announceChange(from: ActiveAccount.ordered(storedBefore).first, to: storedAfter, store: options.storeArguments,
                                     on: environment.console)
    }
}
