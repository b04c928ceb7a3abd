#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a flow state waiting for the user carries from one step to the next, taken out of the state
/// so that another process can build the same state again (`NativeAuthServer` seals it): the
/// continuation token of the step it waits at, the flow's username, scopes, claims and
/// correlation ID, and the client ID of the application it belongs to and the partition of the
/// token store it keeps its accounts in. Nothing else: the application (its transport and token
/// store) is the one the state is rebuilt in.
///
/// A V2 journey's state will add what its next request needs (the latest links and methods) here,
/// as an optional member, so that a snapshot of a V1 state stays what it is.
package struct FlowStateSnapshot: Sendable, Equatable {
    /// The client ID of the application the flow runs in: a state resumes in that application only.
    package var clientId: String
    /// The continuation token of the step the state waits at; nil only for a "sign in after a
    /// previous flow" state whose flow ended without one.
    package var continuationToken: String?
    /// The username the flow is for.
    package var username: String
    /// The scopes sent on `/token`, already merged with the OpenID scopes.
    package var scopes: [String]
    /// The flow's correlation ID.
    package var correlationId: UUID
    /// The claims request's JSON text, when the flow has one.
    package var claims: String?
    /// The partition of the token store the flow's application keeps its accounts in (its user's,
    /// ``NativeAuthPublicClientApplication/partition(_:of:)``); nil for a document store.
    package var partition: String?

    /// A snapshot of the given parts.
    package init(clientId: String, continuationToken: String?, username: String, scopes: [String], correlationId: UUID, claims: String?,
                 partition: String? = nil) {
        self.clientId = clientId
        self.continuationToken = continuationToken
        self.username = username
        self.scopes = scopes
        self.correlationId = correlationId
        self.claims = claims
        self.partition = partition
    }

    init(context: FlowContext, continuationToken: String?) {
        self.init(clientId: context.environment.wire.clientId, continuationToken: continuationToken, username: context.username, scopes: context.scopes,
                  correlationId: context.correlationId, claims: context.claims?.jsonString(),
                  partition: context.environment.accountStorage.place.partitionKey)
    }

    /// The flow's context in `application`, or nil when the application is another (its client ID
    /// differs) or the claims text is not a claims request.
    func context(in application: NativeAuthPublicClientApplication) -> FlowContext? {
        guard application.clientId == clientId else { return nil }
        var claimsRequest: ClaimsRequest?
        if let claims {
            guard let parsed = try? ClaimsRequest(jsonString: claims) else { return nil }
            claimsRequest = parsed
        }
        return FlowContext(environment: application.environment, username: username, scopes: scopes,
                           correlationId: correlationId, claims: claimsRequest)
    }

    /// The core of a state waiting at a step, or nil when the snapshot cannot make one (no
    /// continuation token, or claims that do not parse).
    func stateCore(in application: NativeAuthPublicClientApplication) -> FlowStateCore? {
        guard let continuationToken, !continuationToken.isEmpty, let context = context(in: application) else { return nil }
        return FlowStateCore(context: context, continuationToken: continuationToken)
    }

    /// The core of a "sign in after a previous flow" state, or nil when the claims do not parse.
    func signInAfterFlowCore(in application: NativeAuthPublicClientApplication) -> SignInAfterFlowCore? {
        context(in: application).map { SignInAfterFlowCore(context: $0, continuationToken: continuationToken) }
    }
}

extension FlowStateCore {
    /// What the state holding this core carries (see ``FlowStateSnapshot``).
    var snapshot: FlowStateSnapshot { FlowStateSnapshot(context: context, continuationToken: continuationToken) }
}

extension SignInAfterFlowCore {
    /// What the state holding this core carries (see ``FlowStateSnapshot``).
    var snapshot: FlowStateSnapshot { FlowStateSnapshot(context: context, continuationToken: continuationToken) }
}
