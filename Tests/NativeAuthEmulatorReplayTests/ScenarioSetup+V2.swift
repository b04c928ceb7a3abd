import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport

extension ScenarioSetup {
    /// What an emulator needs to answer an API V2 recording as recorded, read from it as
    /// ``init(for:)`` reads a V1 one: a sign-up (the `signup` link) or a reset (`resetpassword`), a
    /// password (sent, or a method of type `password`), a second factor (a `multiFactor` challenge)
    /// or one to register (`action: enroll`), a browser-only account (`webFallbackRequired`), the
    /// attributes the pages ask for, and how many times a reset's poll answers `poll`.
    /// ``ReplayTests/v2Adjustments`` changes it for a few scenarios.
    init(v2 recording: Recording) {
        let steps = recording.steps
        let bodies = steps.compactMap(\.response.body)
        let requests = steps.compactMap(\.request.json)
        let paths = steps.map(\.request.path)
        let actions = bodies.compactMap { $0.member("action")?.stringValue?.lowercased() }
        let errors = Set(bodies.compactMap { body in (body.member("error")?.member("code") ?? body.member("error"))?.stringValue })
        let methodTypes = bodies.flatMap { body -> [String] in
            guard case .array(let methods)? = body.member("_embedded")?.member("methods") else { return [] }
            return methods.compactMap { $0.member("type")?.stringValue }
        }
        let sentAttributes = requests.compactMap { request -> [(String, JSONValue)]? in
            guard case .object(let members)? = request.member("attributes") else { return nil }
            return members
        }
        let usesPassword = requests.contains { $0.member("password") != nil || $0.member("newPassword") != nil }
            || methodTypes.contains("password") || sentAttributes.contains { $0.contains { $0.0 == "password" } }
        let isSignUp = paths.contains { $0.hasSuffix("/signup") }
        let isReset = paths.contains { $0.hasSuffix("/resetpassword") }

        var strongAuth: UserStrongAuth?
        if actions.contains("enroll") {
            strongAuth = UserStrongAuth(methods: [], register: true)
        } else if bodies.contains(where: { $0.member("challengeContext")?.member("authenticationFactor")?.stringValue == "multiFactor" }) {
            strongAuth = UserStrongAuth(methods: Self.secondFactors, register: nil)
        }
        let method: SignInMethod = usesPassword || isReset || strongAuth != nil ? .password : .otp
        // A reset sets the recordings' password, so the account starts with another one.
        let password = isReset ? Self.previousPassword : Self.password
        let browserOnly = bodies.contains { $0.member("state")?.stringValue == "webFallbackRequired" } ? true : nil
        let existing = SeedFile.User(username: Self.username, method: method, password: method == .password ? password : nil,
                                     passwordHash: nil, displayName: "Fake User", attributes: nil, browserOnly: browserOnly, mfa: strongAuth)
        user = isSignUp && !errors.contains("userAlreadyExists") ? nil : existing

        // A sign-up collects the attributes its pages ask for (as required as recorded) or that are sent.
        var attributes: [UserAttributeRule] = []
        let credentials: Set<String> = ["email", "password"]
        for body in bodies {
            guard case .array(let asked)? = body.member("attributes") else { continue }
            for attribute in asked {
                guard let name = attribute.member("attributeId")?.stringValue, !credentials.contains(name),
                      !attributes.contains(where: { $0.name == name }) else { continue }
                attributes.append(UserAttributeRule(name: name, required: attribute.member("required") == .bool(true)))
            }
        }
        for sent in sentAttributes {
            for (name, _) in sent where !credentials.contains(name) && !attributes.contains(where: { $0.name == name }) {
                attributes.append(UserAttributeRule(name: name))
            }
        }
        // The recordings' tenant calls a four-letter password too weak (not too short).
        var passwordPolicy = PasswordPolicy()
        passwordPolicy.minLength = 1
        signUp = TenantPolicy(method: .any, passwordPolicy: passwordPolicy, attributes: attributes)

        // A reset's poll answers `poll` as many times as the recording shows.
        let pending = steps.filter { $0.request.path.hasSuffix("/pollUpdate") && $0.response.body?.member("action")?.stringValue == "poll" }.count
        passwordReset = PasswordResetSettings.Seed(pendingPolls: pending, pollInterval: nil)
    }
}
