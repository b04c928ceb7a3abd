/// A tenant's policies: how it signs users up (``TenantPolicy``), how its password resets complete
/// (``PasswordResetSettings``) and its authentication contexts (``AuthenticationContext``). From the
/// configuration and a seed (the seed file, a policy imported with `POST /_emulator/import`), whose
/// members override what they name.
struct TenantRules: Sendable {
    var signUp: TenantPolicy
    var passwordReset: PasswordResetSettings
    var authenticationContexts: [AuthenticationContext]

    /// The configuration's rules, with what `seed` gives; throws when the result cannot work.
    init(_ configuration: EmulatorConfiguration, seed: SeedFile?) throws {
        signUp = seed?.signUp ?? .standard
        try signUp.validate()
        passwordReset = try PasswordResetSettings(configuration, seed: seed?.passwordReset)
        authenticationContexts = seed?.authenticationContexts ?? []
        try AuthenticationContext.validate(authenticationContexts)
    }

    /// The rules in the seed file's form, every member given (no users).
    var seed: SeedFile {
        SeedFile(users: [], signUp: signUp,
                 passwordReset: PasswordResetSettings.Seed(pendingPolls: passwordReset.pendingPolls, pollInterval: passwordReset.pollInterval),
                 authenticationContexts: authenticationContexts)
    }

    /// `stored` (an imported policy kept in the database), with what the seed file `file` gives
    /// taking its place member by member.
    static func merged(stored: SeedFile?, file: SeedFile?) -> SeedFile {
        var merged = stored ?? SeedFile(users: [])
        if let signUp = file?.signUp { merged.signUp = signUp }
        if let passwordReset = file?.passwordReset { merged.passwordReset = passwordReset }
        if let contexts = file?.authenticationContexts { merged.authenticationContexts = contexts }
        merged.users = []
        return merged
    }
}
