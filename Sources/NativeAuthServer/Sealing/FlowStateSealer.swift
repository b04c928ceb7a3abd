import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// Turns a flow state into an opaque, sealed value and back: a state kept between two HTTP requests,
/// and continued by whichever process (replica) receives the next one.
///
/// Sealing encrypts and authenticates what the state carries (its continuation token, username,
/// scopes, claims, step and correlation ID, the application's client ID and token-store partition,
/// and the value's expiry)
/// with AES-256-GCM under a key derived from the application's current key; the key's ID travels in
/// front, so earlier keys still open what they sealed (``SealingKeys``). Opening checks all of that
/// and records the value's ID in the ``SealedStateLedger`` shared by every replica, so a value opens
/// **once**: a replayed old copy (an old cookie, a session store read twice) is refused with
/// ``FlowStateSealingError/Reason/alreadyUsed``.
///
/// ```swift
/// let sealer = FlowStateSealer(keys: keys, ledger: ledger)
/// // Request 1: start, keep the sealed state in the user's session.
/// if case .codeRequired(let state, _, _, _) = await app.signIn(parameters: .init(username: email)) {
///     session.flow = sealer.seal(state)
/// }
/// // Request 2, on any replica: open it, use it, and seal what the call hands back.
/// let state = try await sealer.open(session.flow, as: SignInCodeRequiredState.self, in: app)
/// switch await state.submitCode(code: code) {
/// case .error(let error, let retry?): session.flow = sealer.seal(retry)   // a wrong code: try again
/// ...
/// }
/// ```
///
/// Opening is using: every value opens once, so a state handed back by a call (a wrong code, a
/// network failure) is sealed again for the next request.
public struct FlowStateSealer: Sendable {
    /// The longest a sealed value opens by default: 15 minutes, the longest a native-auth
    /// continuation token is worth keeping (AWS Cognito's sessions last 3 to 15 minutes).
    public static let defaultLifetime: Duration = .seconds(15 * 60)

    private let keys: SealingKeys
    private let derivedKeys: [String: SymmetricKey]
    private let ledger: any SealedStateLedger
    private let lifetime: Duration
    private let clock: any NativeAuthClock

    /// A sealer with the application's keys and the ledger every replica shares.
    ///
    /// - Parameters:
    ///   - keys: The current key seals; every key opens what it sealed.
    ///   - ledger: Where opened values are recorded (``InMemorySealedStateLedger`` for one process;
    ///     `NativeAuthPostgres`' for replicas).
    ///   - lifetime: How long a sealed value opens.
    ///   - clock: The time source for expiry.
    public init(keys: SealingKeys, ledger: any SealedStateLedger, lifetime: Duration = Self.defaultLifetime,
                clock: any NativeAuthClock = SystemClock()) {
        self.keys = keys
        self.ledger = ledger
        self.lifetime = lifetime
        self.clock = clock
        derivedKeys = Dictionary(uniqueKeysWithValues: ([keys.current] + keys.previous).map { ($0.id, $0.derived(for: .flowState)) })
    }

    /// Seals `state` with the current key.
    public func seal(_ state: some SealableFlowState) -> SealedFlowState {
        guard let step = SealedStep.of(type(of: state)), let snapshotState = state as? any SnapshotFlowState else {
            preconditionFailure("\(type(of: state)) is not one of the library's flow states")
        }
        let now = clock.now
        let payload = SealedStatePayload(
            id: UUID(), issuedAt: now, expiresAt: now.addingTimeInterval(lifetime.timeInterval), step: step,
            snapshot: snapshotState.snapshot)
        let key = keys.current
        // Encoding a struct of strings and numbers cannot fail; sealing with a 32-byte key cannot either.
        let plaintext = try! JSONEncoder().encode(payload)
        let box = try! AES.GCM.seal(plaintext, using: derivedKeys[key.id]!, authenticating: Data(Self.header(keyID: key.id).utf8))
        return SealedFlowState(Self.header(keyID: key.id) + Base64URL.encode(box.combined!))
    }

    /// Seals the state `resumable` holds (see ``seal(_:)``).
    public func seal(_ resumable: ResumableFlowState) -> SealedFlowState {
        seal(resumable.state)
    }

    /// Opens `sealed` into the state it was sealed from, in `application` (the same client ID and,
    /// for a server, the same user's ``NativeAuthPublicClientApplication/partition(_:of:)`` it was
    /// started in: a flow cannot store its sign-in in another user's partition), and records it as
    /// used: it opens once.
    ///
    /// - Throws: ``FlowStateSealingError`` when the value is malformed, tampered with, sealed by an
    ///   unknown key, another application's or another partition's, expired, already opened, or when
    ///   the ledger cannot be reached.
    public func open(_ sealed: SealedFlowState, in application: NativeAuthPublicClientApplication)
        async throws(FlowStateSealingError) -> ResumableFlowState
    {
        let (payload, step) = try read(sealed, for: application)
        return try await resume(payload, step: step, in: application)
    }

    /// Opens `sealed` as a state of type `State` (see ``open(_:in:)``); a value of another step is
    /// refused with ``FlowStateSealingError/Reason/unexpectedStep`` and stays unopened.
    public func open<State: SealableFlowState>(_ sealed: SealedFlowState, as type: State.Type,
                                               in application: NativeAuthPublicClientApplication)
        async throws(FlowStateSealingError) -> State
    {
        let (payload, step) = try read(sealed, for: application)
        guard step == SealedStep.of(type) else {
            throw FlowStateSealingError(.unexpectedStep, "The sealed flow state waits at \(step.name), not at \(State.self).")
        }
        let resumed = try await resume(payload, step: step, in: application)
        // The step's type is `State`: the cast cannot fail.
        return resumed.state as! State
    }

    /// The payload of `sealed` once decrypted and checked (format, key, integrity, version,
    /// application, expiry), and its step; nothing recorded yet.
    private func read(_ sealed: SealedFlowState, for application: NativeAuthPublicClientApplication)
        throws(FlowStateSealingError) -> (SealedStatePayload, SealedStep)
    {
        let parts = sealed.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.format, let combined = Base64URL.decode(parts[2]) else {
            throw FlowStateSealingError(.malformed, "The value is not a sealed flow state.")
        }
        let keyID = String(parts[1])
        guard let key = derivedKeys[keyID] else {
            throw FlowStateSealingError(.unknownKey, "The flow state was sealed with a key that is not known here (key ID '\(keyID.prefix(32))').")
        }
        let plaintext: Data
        do {
            plaintext = try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key,
                                         authenticating: Data(Self.header(keyID: keyID).utf8))
        } catch {
            throw FlowStateSealingError(.tampered, "The sealed flow state does not open with its key: it was changed.")
        }
        guard let version = try? JSONDecoder().decode(PayloadVersion.self, from: plaintext) else {
            throw FlowStateSealingError(.malformed, "The sealed flow state holds no payload version.")
        }
        guard version.v <= SealedStatePayload.currentVersion else {
            throw FlowStateSealingError(.unsupportedVersion, "The flow state was sealed by a newer version of the library (payload version \(version.v)).")
        }
        guard let payload = try? JSONDecoder().decode(SealedStatePayload.self, from: plaintext),
              let step = SealedStep.named(payload.step)
        else {
            throw FlowStateSealingError(.malformed, "The sealed flow state's payload is not one this library reads.")
        }
        guard payload.app == application.clientId else {
            throw FlowStateSealingError(.foreign, "The flow state belongs to another application.")
        }
        guard payload.prt == application.partitionKey else {
            throw FlowStateSealingError(.foreign, "The flow state belongs to another partition of the token store (another user's).")
        }
        guard clock.now < payload.expiresAt else {
            throw FlowStateSealingError(.expired, "The flow state expired: start again.")
        }
        return (payload, step)
    }

    /// Records the payload's ID in the ledger (refusing a second opening) and builds its state.
    private func resume(_ payload: SealedStatePayload, step: SealedStep, in application: NativeAuthPublicClientApplication)
        async throws(FlowStateSealingError) -> ResumableFlowState
    {
        let first: Bool
        do {
            first = try await ledger.recordFirstUse(of: payload.id, expiresAt: payload.expiresAt)
        } catch {
            throw FlowStateSealingError(.ledgerUnavailable, "The record of resumed flow states cannot be reached, so the flow state was not opened: \(error)")
        }
        guard first else {
            throw FlowStateSealingError(.alreadyUsed, "The flow state was resumed before: a sealed state is used once.")
        }
        guard let state = step.type.resumed(from: payload.snapshot, in: application) as? any SealableFlowState else {
            throw FlowStateSealingError(.malformed, "The sealed flow state does not make a \(step.name).")
        }
        return ResumableFlowState(state)
    }

    private static let format = "na1"

    /// What comes before the base64url part, and is authenticated with it: the format and key ID.
    private static func header(keyID: String) -> String { "\(format).\(keyID)." }

    /// The one member read before the rest, to refuse a newer payload by its version.
    private struct PayloadVersion: Decodable { var v: Int }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
