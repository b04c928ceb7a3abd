import Foundation
@testable import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// Every recording in `Tests/Recordings` (what the library's tests replay as the real service) played
/// against the emulator, so the two implementations of the protocol cannot drift apart unnoticed.
@Suite("Recordings replayed against the emulator")
struct ReplayTests {
    /// The recordings the emulator cannot answer as recorded, and why. The test fails when one of
    /// them starts to replay (take it out) or another stops (fix the emulator, or add it with the reason).
    static let notReplayable: [String: String] = [
        // The emulator's redirect says why (redirect_reason); these recordings' redirects do not.
        "RedirectAtChallenge": redirectReason,
        "RedirectAtInitiate": redirectReason,
        "SignUpRedirectAtStart": redirectReason,
        // Answers the recording's app could only get from a tenant configured in a way the emulator has no switch for.
        "MFARequiredAtToken": "mfa_required to an app that did not advertise the capability; the emulator answers the redirect, as §3.2 says",
        "RegistrationRequiredAtToken": "registration_required to an app that did not advertise the capability; the emulator answers the redirect (§3.2)",
        "NativeAuthAPIDisabled": "no switch turns the native-auth API off for a client",
        "MissingRedirect901007": "901007 although the request lists redirect (the documented body pinned for the library); the emulator accepts the request",
        "UnsupportedChallengeType": "unsupported_challenge_type for a list the emulator serves (synthetic)",
        "RegistrationBlockedContact": "the emulator blocks only numbers that start with +999, not the recording's +15550100999",
        "RegistrationPreverifiedAfterSignUp": "registration after an email-code sign-up: the emulator asks a second factor only of password accounts (§3.4)",
        "MFAAfterSignUp": "MFA after an email-code sign-up: the emulator asks a second factor only of password accounts (§3.4)",
        "ConfidentialClient401": "invalid_client (401) for a confidential client: the emulator's clients are all public",
        "InvalidUsername": "invalid_request (90100) for a username without @: the emulator accepts such usernames (user_not_found)",
        "SignUpRedirectAtChallenge": "the emulator decides the sign-up method at /start, so its redirect comes from /start, never /challenge",
        "SignUpPasswordIsInvalid": "password_is_invalid for 'fake': the emulator refuses only control characters that way",
        "SignUpPasswordRecentlyUsed": "password_recently_used at a sign-up: a new account has no earlier password in the emulator",
        "ResetPasswordPolicyAtPoll": "a password refused at poll_completion: the emulator checks the policy at /submit",
        "ResetPasswordPollFailed": "poll_completion answering failed: the emulator's resets do not fail after /submit",
        // Synthetic answers no configuration of the emulator gives.
        "NoRefreshToken": "a token answer without refresh_token although offline_access was asked (synthetic)",
        "SignInAfterSignUpNoToken": "a completed sign-up without a continuation_token (synthetic): the emulator always hands one on",
        "PasswordInvalidGrantWithout50126": "invalid_grant without an AADSTS number for a wrong password (synthetic)",
        "PasswordUserNotFound50034": "user_not_found (50034) at the password grant (synthetic)",
        "RefreshMFARequired50076": "a refresh refused with 50076 (MFA required since): no switch for it",
        "RefreshPasswordChange50142": "a refresh refused with 50142 (password changed): no switch for it",
        "RefreshRejected": "a valid refresh token refused: no switch for it",
        "UnknownChallengeType": "challenge_type otp, which no service sends (synthetic)",
        "UnknownErrorCode": "an error code no service sends (synthetic)",
        "ResetPasswordRedirectAtStart": "a redirect at a reset's start for a client that lists oob: the emulator redirects only a client without oob",
        // MSAL's end-to-end scenarios whose answer the emulator has no tenant setting for.
        "SignUpSocialAccount": socialAccount,
        "ResetPasswordSocialAccount": socialAccount,
        "RefreshScopeNotConfigured": "a scope the app is not configured for (65001): the emulator's clients may ask for any scope",
    ]

    private static let socialAccount = "an address of a social (federated) account: the emulator has no social accounts (synthetic answer)"

    private static let redirectReason = "the emulator's redirect carries redirect_reason; the recorded one does not"

    /// Scenario settings the recording alone does not tell.
    static let adjustments: [String: @Sendable (inout ScenarioSetup) -> Void] = [
        // A password account whose app lacks `password`: the challenge redirects.
        "RedirectAtChallenge": { $0.user?.method = .password; $0.user?.password = ScenarioSetup.password },
        // A browser-only account: /initiate redirects.
        "RedirectAtInitiate": { $0.user?.browserOnly = true },
        // An email-code account with an SMS second factor, and an app without the capability: the token redirects.
        "RedirectAtToken": { $0.user?.mfa = UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .sms, target: "+1 425 555 0106")], register: nil) },
        // A password account with a second factor, and an app without the capability: the token redirects.
        "MFAMissingCapability": { $0.user?.mfa = UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .email, target: ScenarioSetup.username)], register: nil) },
        // An email-code account at a reset's start.
        "ResetPasswordUserWithoutPassword": { $0.user?.method = .otp; $0.user?.password = nil },
        // The recording's client is not registered.
        "UnauthorizedClient": { $0.registerClient = false },
        // The tenant checks city against a pattern "Redmond" fails.
        "SignUpAttributeValidationFailed": { $0.signUp.attributes = [UserAttributeRule(name: "city", regex: "^[0-9]+$"), UserAttributeRule(name: "country")] },
        // The tenant requires a postal code of digits: "abc" is refused, "98052" accepted.
        "SignUpAttributesInvalidThenValid": { $0.signUp.attributes = [UserAttributeRule(name: "postalCode", required: true, regex: "^[0-9]+$")] },
        // The tenant signs up with a password only; the app lacks `password`.
        "SignUpRedirectAtStart": { $0.signUp.method = .password },
        "SignUpPasswordTooShort": { $0.signUp.passwordPolicy.minLength = 8 },
        "SignUpPasswordTooLong": { $0.signUp.passwordPolicy.maxLength = 3 },
        "SignUpPasswordBanned": { $0.signUp.passwordPolicy.banned = ["fake"] },
        // A second user, who signs in with an email code.
        "SignInAsBThenA": {
            $0.otherUsers = [SeedFile.User(username: "other@example.com", method: .otp, password: nil, passwordHash: nil,
                                           displayName: "Other Fake User", attributes: nil, browserOnly: nil)]
        },
        // The tenant ties c1 to the second factor; the user's methods are asked for only then.
        "AuthContextClaimMFA": {
            $0.user?.mfa?.onlyForContexts = true
            $0.authenticationContexts = [AuthenticationContext(id: "c1", secondFactor: true, requiredByGraph: nil)]
        },
    ]

    @Test func everyRecordingReplaysOrIsListedWithItsReason() async throws {
        let scenarios = try RecordingLoader.scenarioNames()
        try await Self.replay(scenarios, setup: { ScenarioSetup(for: $0) }, adjustments: Self.adjustments, notReplayable: Self.notReplayable)
    }

    /// The V2 recordings the emulator cannot answer as recorded, and why (Tests/Recordings/README.md
    /// lists them too). The test fails when one of them starts to replay or another stops.
    static let notReplayableV2: [String: String] = [
        // What the library must refuse or survive, which the emulator never sends.
        "HrefHostileVerify": "a verify link on another host: the emulator's links are its own (the library's refusal is the point)",
        "UnknownAction": "an action no source names (synthetic), to show the library's clear error",
        "MissingVerifyLink": "a verify answer without its verify link (synthetic), to show the library's clear error",
        "MFASMSRiskStep": "msal-js's riskverify step before an SMS code: the emulator has no risk step",
        // Forms of an answer the sources show beside the one the emulator chose (docs/EMULATOR.md, "API V2").
        "SignUpOTP": "the entry answered 403, the other status the sources show; the emulator answers 401",
        "ResetPasswordWrongCodeThenSuccess": "a wrong code answered with the inner code invalidContinuationToken, a variant the library accepts; the emulator answers invalid_oob_value",
        "SignInAfterSignUp": signUpVerifiesAtOnce,
        "SignInAfterSignUpNoToken": signUpVerifiesAtOnce,
        "SignUpAttributesOnALaterPage": signUpVerifiesAtOnce,
        // Answers the recording's tenant gives that the emulator has no switch for.
        "RegistrationEmail": "registration offering email alone: the emulator offers email and sms",
        "ResetPasswordRedirectAtStart": "redirect_to_web at a reset's start: the emulator falls back to the web only at a browser-only user's sign-in",
    ]

    private static let signUpVerifiesAtOnce = "a sign-up start answered with the code at once: the emulator asks for the email attribute first, as objc says the service does"

    /// Scenario settings a V2 recording alone does not tell.
    static let v2Adjustments: [String: @Sendable (inout ScenarioSetup) -> Void] = [
        // An email-code account at a reset's start.
        "ResetPasswordUserWithoutPassword": { $0.user?.method = .otp; $0.user?.password = nil },
        // The tenant checks city against a pattern "Redmond" fails, as V1's twin.
        "SignUpAttributeValidationFailed": {
            $0.signUp.attributes = [UserAttributeRule(name: "city", regex: "^[0-9]+$"), UserAttributeRule(name: "country", required: true)]
        },
        // The sources' order: the credentials, then the attributes, then the code.
        "SignUpAttributesOverTwoPages": { $0.signUp.v2AttributesBeforeCode = true },
    ]

    @Test func everyV2RecordingReplaysOrIsListedWithItsReason() async throws {
        let scenarios = try RecordingLoader.v2ScenarioNames()
        try await Self.replay(scenarios, setup: { ScenarioSetup(v2: $0) }, adjustments: Self.v2Adjustments, notReplayable: Self.notReplayableV2)
    }

    /// Replays each of `scenarios` against its own emulator, set up by `setup` and `adjustments`
    /// (by the scenario's name without its folder); a failure is an issue unless `notReplayable`
    /// lists the scenario, and a listed scenario that replays is one too.
    private static func replay(_ scenarios: [String], setup: (Recording) -> ScenarioSetup,
                               adjustments: [String: @Sendable (inout ScenarioSetup) -> Void],
                               notReplayable: [String: String]) async throws {
        var failures: [String: String] = [:]
        #expect(!scenarios.isEmpty)
        for scenario in scenarios {
            let recording = try RecordingLoader.load(scenario)
            let name = String(scenario.split(separator: "/").last ?? "")
            var scenarioSetup = setup(recording)
            adjustments[name]?(&scenarioSetup)
            if let difference = try await ScenarioReplay(recording: recording, setup: scenarioSetup).run() {
                failures[name] = difference
            }
        }
        for (scenario, difference) in failures.sorted(by: { $0.key < $1.key }) where notReplayable[scenario] == nil {
            Issue.record("\(scenario) does not replay: \(difference)")
        }
        for scenario in notReplayable.keys.sorted() where failures[scenario] == nil {
            Issue.record("\(scenario) replays now: take it out of the list of those that do not")
        }
        print("replayed \(scenarios.count - failures.count) of \(scenarios.count) recordings")
    }
}
