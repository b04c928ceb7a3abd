#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a `/token` call came to when the server wants a second factor first: `invalid_grant` with
/// `mfa_required` or `registration_required` and a `continuation_token` (docs/PROTOCOL.md §9), to an
/// app that advertised the matching capability. The library lists the methods at once (the
/// `/introspect` of the kind), so every grant of the sign-in (`NativeRedemption`, in `SignIn/`)
/// hands the app the same two outcomes.
enum StrongAuthRequirement: Sendable {
    /// The user proves a second factor: choose a method on the state.
    case mfa(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user registers a method first: choose one and give its contact on the state.
    case registration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)

    /// The kind of requirement a rejection at `/token` is, when the app can handle it (it advertised
    /// the capability) and the answer carries the token to go on with; nil otherwise (then the
    /// rejection fails as the step's error table says: browser required).
    static func kind(of rejection: WireRejection, capabilities: NativeAuthCapabilities) -> (Endpoint, token: String)? {
        guard let error = rejection.serverError, let token = rejection.continuationToken, !token.isEmpty else { return nil }
        if error.requiresMFA, capabilities.contains(.mfaRequired) { return (.signInIntrospect, token) }
        if error.requiresRegistration, capabilities.contains(.registrationRequired) { return (.registerIntrospect, token) }
        return nil
    }

    /// What listing the methods came to.
    enum Listed: Sendable {
        case listed(StrongAuthRequirement)
        case failed(NativeAuthErrorDetails)
    }

    /// POSTs `endpoint` (one of the two `/introspect`s) with `token`, and builds the requirement.
    /// Any failure ends the flow: the `/token` call already used the previous state's token.
    static func introspect(_ endpoint: Endpoint, continuationToken token: String, context: FlowContext)
        async -> (Listed, FlowContext)
    {
        let (outcome, context) = await context.post(endpoint, [("continuation_token", token)], as: IntrospectResponse.self)
        switch AuthMethodsAnswer(outcome) {
        case .methods(let methods, let next):
            let core = FlowStateCore(context: context, continuationToken: next)
            context.environment.logger.info("second factor required", metadata: [
                "kind": "\(endpoint == .signInIntrospect ? "mfa" : "registration")", "methods": "\(methods.count)",
                "correlation-id": "\(context.correlationId)"])
            return endpoint == .signInIntrospect
                ? (.listed(.mfa(authMethods: methods, newState: AwaitingMFAState(core: core))), context)
                : (.listed(.registration(authMethods: methods, newState: RegisterStrongAuthState(core: core))), context)
        case .rejected(let rejection):
            let failure = endpoint == .signInIntrospect
                ? context.failure(rejection, at: MFAStep.introspect) : context.failure(rejection, at: RegisterStrongAuthStep.introspect)
            return (.failed(failure.details), context)
        case .unexpected(let what):
            return (.failed(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId)), context)
        }
    }

    /// The requirement as a result of a flow's step (each sign-in result has both cases).
    func result<Outcome: StrongAuthOutcomes>(as type: Outcome.Type = Outcome.self) -> Outcome {
        switch self {
        case .mfa(let methods, let state): return .awaitingMFA(authMethods: methods, newState: state)
        case .registration(let methods, let state): return .strongAuthMethodRegistration(authMethods: methods, newState: state)
        }
    }
}

/// A result type that carries the two strong-authentication outcomes of a sign-in (its enum cases
/// witness these requirements).
protocol StrongAuthOutcomes {
    static func awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) -> Self
    static func strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState) -> Self
}
