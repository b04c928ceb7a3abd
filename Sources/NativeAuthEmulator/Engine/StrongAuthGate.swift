import Foundation

/// Stands between a finished first factor (or a finished sign-up or password reset) and the tokens
/// (docs/PROTOCOL.md §9): a user with second factors is answered `mfa_required`, a user who must
/// register one `registration_required`, each with a continuation token, when the flow's client
/// advertised the capability; else the redirect, "Client is missing … capability" (§3.2). A claims
/// request for an authentication context tied to a second factor (``AuthenticationContext``) asks the
/// same of every user: `mfa_required` for one with second factors, else `registration_required`.
enum StrongAuthGate {
    /// Returns when tokens may be issued; else updates `flow` (kept in `state`) and throws the
    /// answer: the protocol error, or a ``RedirectAnswer``. `contextDemands` is whether the grant's
    /// claims request names a context tied to a second factor.
    static func check(_ flow: inout FlowRecord, user: UserRecord, state: inout EmulatorState, now: Double,
                      configuration: EmulatorConfiguration, contextDemands: Bool = false) throws {
        guard let requirement = requirement(of: flow, user: user, contextDemands: contextDemands) else { return }
        let next = try demand(requirement, on: &flow, state: &state, now: now, configuration: configuration)
        throw requirement == .mfa ? ProtocolError.mfaRequired(continuationToken: next) : ProtocolError.registrationRequired(continuationToken: next)
    }

    /// At the sign-in's first challenge, for a user whose strong authentication has no default
    /// method (`noDefaultMethod`): returns when there is nothing to do; else moves `flow` (kept in
    /// `state`) to the method list and throws `introspect_required` with its next continuation
    /// token, or, when the client did not advertise `mfa_required`, the redirect ``check(_:user:state:now:configuration:contextDemands:)``
    /// gives. What a real tenant sends then is not public; this is the emulator's reading.
    static func introspectFirst(_ flow: inout FlowRecord, user: UserRecord, state: inout EmulatorState, now: Double,
                                configuration: EmulatorConfiguration) throws {
        guard let mfa = user.mfa, mfa.noDefaultMethod == true, mfa.requirement == .mfa,
              flow.strongAuth?.satisfied != true else { return }
        let next = try demand(.mfa, on: &flow, state: &state, now: now, configuration: configuration)
        throw ProtocolError.introspectRequired(continuationToken: next)
    }

    /// Moves `flow` (kept in `state`) to where `requirement` is met, at its method list, and returns
    /// its next continuation token; throws the redirect when the flow's client did not advertise the
    /// capability it needs.
    private static func demand(_ requirement: UserStrongAuth.Requirement, on flow: inout FlowRecord, state: inout EmulatorState,
                               now: Double, configuration: EmulatorConfiguration) throws(RedirectAnswer) -> String {
        let capability = requirement == .mfa ? Capabilities.mfaRequired : Capabilities.registrationRequired
        guard flow.capabilities?.contains(capability) == true else {
            flow.stage = .redirected
            state.flows[flow.id] = flow
            throw RedirectAnswer(reason: "Client is missing \(capability) capability")
        }
        let next = begin(requirement, on: &flow, now: now, configuration: configuration)
        flow.stage = requirement == .mfa ? .mfaIntrospect : .registrationIntrospect
        state.flows[flow.id] = flow
        return next
    }

    /// What `user` must do in `flow` before tokens may be issued: nothing (nil) once the flow proved
    /// or registered a second factor; else the user's own requirement, or the one a claims request
    /// for a context tied to a second factor makes (`contextDemands`).
    static func requirement(of flow: FlowRecord, user: UserRecord, contextDemands: Bool) -> UserStrongAuth.Requirement? {
        guard flow.strongAuth?.satisfied != true else { return nil }
        let contextRequirement: UserStrongAuth.Requirement? = contextDemands
            ? (user.mfa?.methods.isEmpty == false ? .mfa : .registration) : nil
        return user.mfa?.requirement ?? contextRequirement
    }

    /// Starts the strong authentication `requirement` asks for on `flow`: its next continuation token
    /// (returned), its progress, and attempts of its own. The caller sets the stage it waits at.
    static func begin(_ requirement: UserStrongAuth.Requirement, on flow: inout FlowRecord, now: Double,
                      configuration: EmulatorConfiguration) -> String {
        let next = flow.rotateToken(now: now, lifetime: configuration.continuationTokenLifetime)
        flow.strongAuth = StrongAuthProgress(methodId: nil, pendingChannel: nil, pendingTarget: nil, satisfied: false)
        flow.codeHash = nil
        flow.codeExpiresAt = nil
        flow.failedAttempts = 0  // the second factor gets attempts of its own
        return next
    }
}
