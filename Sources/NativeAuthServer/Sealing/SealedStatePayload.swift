#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// What a sealed value holds once opened: JSON, versioned and open to additions.
///
/// `v` is the payload's version. A reader opens the versions it knows and refuses the others, so
/// a member that a reader must understand comes with a new version; a member that an older reader
/// may ignore is added without one. V2's journeys will add the next request's links and methods
/// (their HAL answer's `_links` and the methods offered) as a `journey` member with version 2,
/// which a V1-only reader then refuses rather than resuming a state that lacks them.
struct SealedStatePayload: Codable, Sendable, Equatable {
    /// The version this library writes and the highest it reads.
    static let currentVersion = 1

    /// The payload's version.
    var v: Int
    /// The sealed value's ID: what the ledger records when it is opened, so that it opens once.
    var id: UUID
    /// When it was sealed and until when it opens, in seconds since 1970.
    var iat: Int64
    var exp: Int64
    /// The client ID of the application it belongs to.
    var app: String
    /// The step it waits at (``SealedStep/name``).
    var step: String
    /// The continuation token; absent for a "sign in after" state whose flow ended without one.
    var ct: String?
    /// The username, scopes, correlation ID and claims of the flow.
    var usr: String
    var scp: [String]
    var cid: UUID
    var clm: String?
    /// The partition of the token store the flow's application keeps its accounts in (its user's);
    /// absent for a document store.
    var prt: String?

    init(id: UUID, issuedAt: Date, expiresAt: Date, step: SealedStep, snapshot: FlowStateSnapshot) {
        v = Self.currentVersion
        self.id = id
        iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        exp = Int64(expiresAt.timeIntervalSince1970.rounded(.up))
        app = snapshot.clientId
        self.step = step.name
        ct = snapshot.continuationToken
        usr = snapshot.username
        scp = snapshot.scopes
        cid = snapshot.correlationId
        clm = snapshot.claims
        prt = snapshot.partition
    }

    var expiresAt: Date { Date(timeIntervalSince1970: TimeInterval(exp)) }

    var snapshot: FlowStateSnapshot {
        FlowStateSnapshot(clientId: app, continuationToken: ct, username: usr, scopes: scp, correlationId: cid, claims: clm,
                          partition: prt)
    }
}
