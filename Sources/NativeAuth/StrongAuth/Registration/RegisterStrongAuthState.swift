#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in whose first factor was accepted, waiting for the user to register a
/// strong-authentication method (an email address or a phone number to receive codes).
///
/// Reached through the `strongAuthMethodRegistration` case of a sign-in result, when the app
/// advertised ``NativeAuthCapabilities/registrationRequired``. Single-use: a refused or blocked
/// contact, or a network failure, hands the same state back to try again.
///
/// ```swift
/// if case .strongAuthMethodRegistration(let methods, let state) = result {
///     let email = methods.first { $0.channelTargetType.isEmailType } ?? methods[0]
///     let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: address)
///     switch await state.challengeAuthMethod(parameters: parameters) {
///     case .verificationRequired(let sent): _ = await sent.newState.submitChallenge(challenge: code)
///     case .completed(let result): print("Signed in as \(result.account.username)")
///     case .error(let error, _): print(error.errorDescription ?? "")
///     }
/// }
/// ```
public final class RegisterStrongAuthState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a code to `parameters.verificationContact` for `parameters.authMethod`; when the server
    /// already trusts the contact (`preverified`), registers it and signs the user in at once.
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters) async -> RegisterStrongAuthChallengeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await RegisterStrongAuthFlow.challenge(parameters, on: core)
        }
    }
}
