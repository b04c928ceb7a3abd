import Foundation
import NativeAuth
import NativeAuthServer
import NativeAuthTestSupport
import Testing

@Suite("Sealing flow states")
struct FlowStateSealerTests {
    /// Every state an app can wait in, built from a snapshot through the library's package seam.
    static let stateTypes: [any SnapshotFlowState.Type] = [
        SignInCodeRequiredState.self, SignInPasswordRequiredState.self, SignUpCodeRequiredState.self,
        SignUpPasswordRequiredState.self, SignUpAttributesRequiredState.self, SignInAfterSignUpState.self,
        ResetPasswordCodeRequiredState.self, ResetPasswordRequiredState.self, SignInAfterResetPasswordState.self,
        AwaitingMFAState.self, MFARequiredState.self, RegisterStrongAuthState.self, RegisterStrongAuthVerificationRequiredState.self,
    ]

    static let snapshot = FlowStateSnapshot(
        clientId: SealingFixture.clientId, continuationToken: "CT-secret", username: "alice@contoso.com",
        scopes: ["openid", "offline_access", "api://contoso/read"], correlationId: UUID(),
        claims: #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#)

    @Test("Every state seals, opens in another application instance as the same type, and carries the same flow",
          arguments: 0..<stateTypes.count)
    func roundTrip(index: Int) async throws {
        let type = Self.stateTypes[index]
        let state = try #require(type.resumed(from: Self.snapshot, in: try SealingFixture.app()) as? any SealableFlowState)
        let ledger = InMemorySealedStateLedger()
        let sealed = FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger).seal(state)
        #expect(!sealed.text.contains("CT-secret") && !sealed.text.contains("alice"))

        let other = FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger)
        let opened = try await other.open(sealed, in: try SealingFixture.app()).state
        #expect(ObjectIdentifier(Swift.type(of: opened)) == ObjectIdentifier(type))
        #expect((opened as? any SnapshotFlowState)?.snapshot == Self.snapshot)
    }

    @Test("A sign-in started in one process finishes in another from the sealed state")
    func resumesAcrossInstances() async throws {
        let ledger = InMemorySealedStateLedger()
        let first = try SealingFixture.app()
        let started = await first.signIn(parameters: NativeAuthSignInParameters(username: "alice@contoso.com"))
        guard case .codeRequired(let state, _, _, _) = started else { Issue.record("no code state: \(started)"); return }
        let sealed = FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger).seal(state)

        let transport = SealingFixture.transport()
        let second = try SealingFixture.app(transport)
        let resumed = try await FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger)
            .open(sealed, as: SignInCodeRequiredState.self, in: second)
        #expect(resumed.correlationId == state.correlationId)
        guard case .completed(let result) = await resumed.submitCode(code: "12345678") else {
            Issue.record("not signed in"); return
        }
        #expect(result.account.username == "alice@contoso.com")
        let token = try #require(transport.requests(to: "/token").first)
        let form = FormFields.dictionary(token.body)
        #expect(form["continuation_token"] == "CT2")
        #expect(form["oob"] == "12345678")
        #expect(token.header("client-request-id") == state.correlationId.uuidString)
        #expect(try second.currentAccount()?.account.username == "alice@contoso.com")
    }

    @Test("A sealed state opens once, in any replica sharing the ledger: a replayed copy is refused")
    func opensOnce() async throws {
        let ledger = InMemorySealedStateLedger()
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let sealed = FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger).seal(state)
        _ = try await FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger).open(sealed, in: try SealingFixture.app())
        let replay = await #expect(throws: FlowStateSealingError.self) {
            try await FlowStateSealer(keys: try SealingFixture.keys(), ledger: ledger).open(sealed, in: try SealingFixture.app())
        }
        #expect(replay?.reason == .alreadyUsed)
        #expect(ledger.count == 1)
    }

    @Test("A changed value is refused as tampered; a malformed one as malformed; never a crash",
          arguments: ["flip", "truncate", "garbage", "empty", "extra", "header"])
    func tampered(change: String) async throws {
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: InMemorySealedStateLedger())
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let text = sealer.seal(state).text
        let (changed, reason): (String, FlowStateSealingError.Reason) = switch change {
        case "flip":
            // A character in the middle of the ciphertext: every bit of it counts.
            (Self.replacingCharacter(at: text.count - 30, of: text), .tampered)
        case "truncate":
            // Whole base64 groups dropped from the end: it decodes, to fewer bytes than were sealed.
            (Self.truncated(text), .tampered)
        case "garbage": ("na1.k1.%%%", .malformed)
        case "empty": ("", .malformed)
        case "extra": (text + ".x", .malformed)
        default: (text.replacingOccurrences(of: "na1.", with: "na2."), .malformed)
        }
        let error = await #expect(throws: FlowStateSealingError.self) {
            try await sealer.open(SealedFlowState(changed), in: try SealingFixture.app())
        }
        #expect(error?.reason == reason)
    }

    private static func truncated(_ text: String) -> String {
        let dot = text.lastIndex(of: ".")!
        let encoded = text[text.index(after: dot)...]
        return String(text[...dot]) + encoded.prefix(encoded.count / 4 * 4 - 8)
    }

    private static func replacingCharacter(at offset: Int, of text: String) -> String {
        var characters = Array(text)
        characters[offset] = characters[offset] == "A" ? "B" : "A"
        return String(characters)
    }

    @Test("An expired value is refused; within its lifetime it opens")
    func expiry() async throws {
        let clock = ManualClock()
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: InMemorySealedStateLedger(), lifetime: .seconds(600), clock: clock)
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let late = sealer.seal(state)
        let early = sealer.seal(state)
        clock.advance(by: 599)
        _ = try await sealer.open(early, in: try SealingFixture.app())
        clock.advance(by: 2)
        let error = await #expect(throws: FlowStateSealingError.self) { try await sealer.open(late, in: try SealingFixture.app()) }
        #expect(error?.reason == .expired)
    }

    @Test("A value sealed with another key of the same ID is tampered; with an unknown ID, unknownKey")
    func wrongKey() async throws {
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let sealed = FlowStateSealer(keys: try SealingKeys(current: .generate(id: "k1")), ledger: InMemorySealedStateLedger()).seal(state)
        let sameID = FlowStateSealer(keys: try SealingFixture.keys("k1"), ledger: InMemorySealedStateLedger())
        let otherID = FlowStateSealer(keys: try SealingFixture.keys("k9"), ledger: InMemorySealedStateLedger())
        #expect(await #expect(throws: FlowStateSealingError.self) { try await sameID.open(sealed, in: try SealingFixture.app()) }?.reason == .tampered)
        #expect(await #expect(throws: FlowStateSealingError.self) { try await otherID.open(sealed, in: try SealingFixture.app()) }?.reason == .unknownKey)
    }

    @Test("Key rotation: the new key seals, the previous one still opens what it sealed, a dropped one does not")
    func rotation() async throws {
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let old = FlowStateSealer(keys: try SealingFixture.keys("k1"), ledger: InMemorySealedStateLedger()).seal(state)
        let rotated = FlowStateSealer(keys: try SealingFixture.keys("k2", previous: ["k1"]), ledger: InMemorySealedStateLedger())
        #expect(rotated.seal(state).text.hasPrefix("na1.k2."))
        _ = try await rotated.open(old, in: try SealingFixture.app())
        let dropped = FlowStateSealer(keys: try SealingFixture.keys("k2"), ledger: InMemorySealedStateLedger())
        #expect(await #expect(throws: FlowStateSealingError.self) { try await dropped.open(old, in: try SealingFixture.app()) }?.reason == .unknownKey)
    }

    @Test("Another application's value is refused as foreign")
    func foreign() async throws {
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: InMemorySealedStateLedger())
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let other = try SealingFixture.app(clientId: "99998888-ffff-7777-eeee-666655554444")
        #expect(await #expect(throws: FlowStateSealingError.self) { try await sealer.open(sealer.seal(state), in: other) }?.reason == .foreign)
    }

    @Test("A value sealed in one user's partition is refused as foreign in another's, and in a document store's application; it opens in its own")
    func foreignPartition() async throws {
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: InMemorySealedStateLedger())
        let store = InMemoryPartitionedTokenStore()
        let app = try SealingFixture.app()
        let alice = app.partition("user-alice", of: store)
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: alice))
        let sealed = sealer.seal(state)
        for other in [app.partition("user-mallory", of: store), app] {
            #expect(await #expect(throws: FlowStateSealingError.self) { try await sealer.open(sealed, in: other) }?.reason == .foreign)
        }
        let opened = try await sealer.open(sealed, as: SignInCodeRequiredState.self, in: app.partition("user-alice", of: store))
        #expect(opened.snapshot.partition == "user-alice")
        // And the other way: a document store's value does not open in a partition.
        let documentState = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: app))
        #expect(await #expect(throws: FlowStateSealingError.self) { try await sealer.open(sealer.seal(documentState), in: alice) }?.reason == .foreign)
    }

    @Test("Opening as another step is refused and leaves the value unopened")
    func unexpectedStep() async throws {
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: InMemorySealedStateLedger())
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        let sealed = sealer.seal(state)
        let error = await #expect(throws: FlowStateSealingError.self) {
            try await sealer.open(sealed, as: SignInPasswordRequiredState.self, in: try SealingFixture.app())
        }
        #expect(error?.reason == .unexpectedStep)
        _ = try await sealer.open(sealed, as: SignInCodeRequiredState.self, in: try SealingFixture.app())
    }

    @Test("When the ledger cannot be reached, the value is not opened")
    func ledgerDown() async throws {
        let sealer = FlowStateSealer(keys: try SealingFixture.keys(), ledger: UnreachableLedger())
        let state = try #require(SignInCodeRequiredState.resumed(from: Self.snapshot, in: try SealingFixture.app()))
        #expect(await #expect(throws: FlowStateSealingError.self) { try await sealer.open(sealer.seal(state), in: try SealingFixture.app()) }?.reason == .ledgerUnavailable)
    }
}
