import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport

/// What an emulator needs to answer a scenario as the recording does: the user it is about, the
/// tenant's sign-up and password-reset settings, and whether the recording's client is registered.
///
/// Read from the recording itself (``init(for:)``): which flow it is, whether the user has a
/// password, a second factor or must register one, which attributes a sign-up asks for, how many
/// times a reset's poll says "in progress". ``ReplayTests/adjustments`` changes it for a few scenarios.
struct ScenarioSetup {
    /// The user every recording is about.
    static let username = "user@example.com"
    /// The password of the recordings (`Recorded` in NativeAuthTestSupport).
    static let password = "Fake-Passw0rd!"
    /// The password a reset replaces.
    static let previousPassword = "Previous-Passw0rd!"
    /// The second factors of a user the recording asks for one: email and SMS.
    static let secondFactors = [
        StrongAuthMethod(id: "", channel: .email, target: username),
        StrongAuthMethod(id: "", channel: .sms, target: "+1 425 555 0106"),
    ]
    /// The code the emulator sends (the right code of the recordings).
    static let code = "12345678"

    /// The user to seed, or nil when the scenario needs one who does not exist yet (a sign-up).
    var user: SeedFile.User?
    var signUp: TenantPolicy
    var passwordReset: PasswordResetSettings.Seed
    /// Whether the recording's client ID is registered with the emulator.
    var registerClient = true
    /// More users, for a scenario about several accounts.
    var otherUsers: [SeedFile.User] = []
    /// The tenant's authentication contexts (none unless a scenario sets them).
    var authenticationContexts: [AuthenticationContext] = []

    init(for recording: Recording) {
        let steps = recording.steps
        let bodies = steps.compactMap { step -> [String: JSONValue]? in
            guard case .object(let members)? = step.response.body else { return nil }
            return Dictionary(members, uniquingKeysWith: { first, _ in first })
        }
        let forms = steps.map(\.request.form)
        let paths = steps.map(\.request.path)
        let suberrors = Set(bodies.compactMap { $0["suberror"]?.stringValue })
        let errors = Set(bodies.compactMap { $0["error"]?.stringValue })
        let usesPassword = forms.contains { $0["password"] != nil || $0["new_password"] != nil || $0["grant_type"] == "password" }
            || bodies.contains { $0["challenge_type"]?.stringValue == "password" }
        let isSignUp = paths.first?.hasPrefix("/signup/") == true
        let isReset = paths.contains { $0.hasPrefix("/resetpassword/") }

        var strongAuth: UserStrongAuth?
        if suberrors.contains("registration_required") {
            strongAuth = UserStrongAuth(methods: [], register: true)
        } else if suberrors.contains("mfa_required") {
            strongAuth = UserStrongAuth(methods: Self.secondFactors, register: nil)
        }
        let method: SignInMethod = usesPassword || isReset || strongAuth != nil ? .password : .otp
        // A reset sets the recordings' password, so the account starts with another one.
        let password = isReset ? Self.previousPassword : Self.password
        let existing = SeedFile.User(username: Self.username, method: method, password: method == .password ? password : nil,
                                     passwordHash: nil, displayName: "Fake User", attributes: nil, browserOnly: nil, mfa: strongAuth)
        user = isSignUp && !errors.contains("user_already_exists") ? nil : existing

        // A sign-up collects the attributes the recording asks for (required) or sends (optional).
        var attributes: [UserAttributeRule] = []
        for body in bodies {
            guard case .array(let required)? = body["required_attributes"] else { continue }
            for case .object(let members) in required {
                guard case .string(let name)? = members.first(where: { $0.0 == "name" })?.1,
                      !attributes.contains(where: { $0.name == name }) else { continue }
                attributes.append(UserAttributeRule(name: name, required: true))
            }
        }
        for form in forms {
            guard let json = form["attributes"], let data = json.data(using: .utf8),
                  let sent = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            for name in sent.keys.sorted() where !attributes.contains(where: { $0.name == name }) {
                attributes.append(UserAttributeRule(name: name))
            }
        }
        // The recordings' tenant calls a four-letter password too weak (not too short).
        var passwordPolicy = PasswordPolicy()
        passwordPolicy.minLength = 1
        signUp = TenantPolicy(method: .any, passwordPolicy: passwordPolicy, attributes: attributes)
        if isSignUp, suberrors.contains("registration_required") {
            signUp.requireMFA = true
        } else if isSignUp, suberrors.contains("mfa_required") {
            signUp.newUserSecondFactor = .email
        }

        // A reset's poll answers "in progress" as many times as the recording shows.
        let pending = bodies.filter { $0["status"]?.stringValue == "in_progress" }.count
        passwordReset = PasswordResetSettings.Seed(pendingPolls: pending, pollInterval: nil)
    }

    /// The seed file's contents.
    var seedFile: SeedFile {
        SeedFile(users: (user.map { [$0] } ?? []) + otherUsers, signUp: signUp, passwordReset: passwordReset,
                 authenticationContexts: authenticationContexts.isEmpty ? nil : authenticationContexts)
    }
}

extension JSONValue {
    /// The string, if this is one.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
