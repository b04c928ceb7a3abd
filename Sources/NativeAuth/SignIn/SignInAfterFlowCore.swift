#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every "sign in after a previous flow" state holds (``SignInAfterSignUpState``,
/// ``SignInAfterResetPasswordState``): the finished flow's context, the `continuation_token` its
/// last answer carried (if any), and a single-use gate. Its one step redeems that token and stores
/// the account as a sign-in does: in V1 with the `continuation_token` grant at `/oauth2/v2.0/token`
/// (docs/PROTOCOL.md §6.3, §7.5, §8), in V2 with the resume and the code's exchange (§25); the
/// configured API's ``SignInSteps/signInAfterFlow(_:context:)`` decides.
///
/// - The server may ask for a second factor (or its registration) first: the result's
///   `awaitingMFA` or `strongAuthMethodRegistration` case, as after a sign-in's grant. A V2 journey
///   may end with that request instead of `continue` (``pendingStrongAuth``): the step then answers
///   it without a request.
/// - No token: the step fails locally ("Sign in is not available at this point, use the standalone
///   sign-in", as MSAL says) and sends nothing; the state is used up.
/// - A failure with no answer (``NativeAuthError/isServerUnavailable``) hands the state back; any
///   other outcome uses it up. A server's refusal is a browser-required error for `mfa_required` or
///   `registration_required`, else a general one (MSAL collapses these errors the same way), unless
///   the server ends the flow (``SignInStep``'s table, `continuationGrant`).
final class SignInAfterFlowCore: Sendable {
    let context: FlowContext
    let continuationToken: String?
    /// The answer of a V2 journey that ended asking for the second factor or its registration (the
    /// account exists; its sign-in goes on there), nil otherwise.
    let pendingStrongAuth: JourneyAnswer?
    private let gate = StateGate()

    init(context: FlowContext, continuationToken: String?, pendingStrongAuth: JourneyAnswer? = nil) {
        self.context = context
        self.continuationToken = continuationToken.flatMap { $0.isEmpty ? nil : $0 }
        self.pendingStrongAuth = pendingStrongAuth
    }

    var correlationId: UUID { context.correlationId }

    /// Redeems the token for `scopes` (merged with the OpenID scopes) and `claims` through the state's gate.
    ///
    /// - Parameters:
    ///   - completed: The result for a signed-in account.
    ///   - retry: The result for a failure that hands the state back.
    ///   - failed: The result for a failure that ends the flow (also used, with an "already used"
    ///     error, when the state is in use or used up).
    func signIn<Result: StrongAuthOutcomes, Failure: FlowError>(
        scopes: [String]?, claims: ClaimsRequest?, completed: (NativeAuthUserAccountResult) -> Result,
        retry: (Failure) -> Result, failed: (Failure) -> Result
    ) async -> Result {
        await gate.run(refused: { failed(Failure(FlowErrorMapping.alreadyUsed(correlationId: correlationId))) },
                       retry: retry) { () async -> StepOutcome<Result, Failure> in
            let context = self.context.with(scopes: RequestedScopes.merged(scopes)).with(claims: claims)
            if let pending = pendingStrongAuth, let requirement = StrongAuthRequirement.journey(pending, context: context) {
                switch requirement {
                case .success(let requirement): return .advanced(requirement.result())
                case .failure(let failure): return .advanced(failed(Failure(failure.details)))
                }
            }
            guard let token = continuationToken else {
                return .advanced(failed(Failure(FlowErrorMapping.signInAfterFlowUnavailable(correlationId: correlationId))))
            }
            switch await context.environment.signIn.signInAfterFlow(token, context: context) {
            case .signedIn(let result):
                return .advanced(completed(result))
            case .strongAuthRequired(let requirement):
                return .advanced(requirement.result())
            case .failed(let failure):
                return failure.handsBack ? .retry(Failure(failure.details)) : .advanced(failed(Failure(failure.details)))
            }
        }
    }
}
