import Foundation
import NativeAuth
import NativeAuthEmulator
import Testing

/// The library's sign-up against the emulator, over real loopback HTTP.
@Suite struct SignUpEndToEndTests {
    private static func code(_ result: SignUpStartResult) throws -> SignUpCodeRequiredState {
        guard case .codeRequired(let state, let sentTo, _, let length) = result else {
            throw HarnessError("expected a code, got \(result)")
        }
        #expect(sentTo.hasSuffix("@e*****e.com"))
        #expect(length == 8)
        return state
    }

    @Test func emailCodeSignUpWithAttributesAtStartThenSignIn() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB])
            let parameters = NativeAuthSignUpParameters(username: "carol@example.com")
            parameters.attributes = ["displayName": "Carol", "city": "Dublin"]
            let state = try Self.code(await app.signUp(parameters: parameters))
            guard case .completed(let created) = await state.submitCode(code: "12345678") else {
                Issue.record("expected the account to be created"); return
            }
            #expect(try app.currentAccount() == nil, "signing up is not signing in")
            guard case .completed(let result) = await created.signIn() else { Issue.record("expected sign-in"); return }
            #expect(result.account.username == "carol@example.com")
            #expect(result.account.accountClaims?["name"] as? String == "Carol")
            #expect(try app.currentAccount()?.account.identifier == result.account.identifier)
            _ = try await result.getAccessToken()

            // The new user signs in on their own later, with the method they signed up with.
            guard case .codeRequired(let signIn, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: "carol@example.com")),
                  case .completed = await signIn.submitCode(code: "12345678")
            else { Issue.record("expected a standalone sign-in"); return }
        }
    }

    @Test func passwordSignUpAsksForThePasswordExplainsThePolicyThenAsksForAttributes() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB, .password])
            let state = try Self.code(await app.signUp(parameters: NativeAuthSignUpParameters(username: "dave@example.com")))
            guard case .passwordRequired(let password) = await state.submitCode(code: "12345678") else {
                Issue.record("expected the password step (credential_required)"); return
            }
            guard case .error(let weak, let retry) = await password.submitPassword(password: "alllowercase") else {
                Issue.record("expected the policy to refuse the password"); return
            }
            #expect(weak.isInvalidPassword)
            #expect(weak.serverSubError == "password_too_weak")
            #expect(weak.errorCodes == [399246])
            #expect(retry === password)
            guard case .attributesRequired(let attributes, let next) = await password.submitPassword(password: "S3cure-Passw0rd") else {
                Issue.record("expected the attributes step"); return
            }
            #expect(attributes == [NativeAuthRequiredAttribute(name: "displayName", type: "string", required: true)])
            guard case .completed(let created) = await next.submitAttributes(attributes: ["displayName": "Dave"]) else {
                Issue.record("expected the account"); return
            }
            let parameters = NativeAuthSignInAfterSignUpParameters()
            parameters.scopes = ["api://demo/Data.Read"]
            guard case .completed(let result) = await created.signIn(parameters: parameters) else { Issue.record("expected sign-in"); return }
            let token = try await result.getAccessToken()
            #expect(token.scopes.contains("api://demo/Data.Read"))

            let signIn = NativeAuthSignInParameters(username: "dave@example.com")
            signIn.password = "S3cure-Passw0rd"
            guard case .completed = await app.signIn(parameters: signIn) else { Issue.record("expected a password sign-in"); return }
        }
    }

    @Test func passwordAndAttributesAtStartNeedOnlyTheCode() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB, .password])
            let parameters = NativeAuthSignUpParameters(username: "fay@example.com")
            parameters.password = "S3cure-Passw0rd"
            parameters.attributes = ["displayName": "Fay"]
            let state = try Self.code(await app.signUp(parameters: parameters))
            guard case .completed(let created) = await state.submitCode(code: "12345678"),
                  case .completed = await created.signIn()
            else { Issue.record("expected the account and the sign-in"); return }

            let weak = NativeAuthSignUpParameters(username: "gil@example.com")
            weak.password = "short"
            guard case .error(let error) = await app.signUp(parameters: weak) else { Issue.record("expected an error"); return }
            #expect(error.isInvalidPassword)
            #expect(error.serverSubError == "password_too_short")
        }
    }

    @Test func anAddressWithAnAccountAndRefusedAttributes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try Data(#"{"signUp":{"attributes":[{"name":"postalCode","required":true,"regex":"[1-9][0-9]{4}"}]}}"#.utf8).write(to: seed)
        try await EmulatorHarness.run(configure: { $0.seedFile = seed }) { harness in
            let app = try harness.app([.OOB])
            guard case .error(let exists) = await app.signUp(parameters: NativeAuthSignUpParameters(username: EmulatorHarness.alice)) else {
                Issue.record("expected user_already_exists"); return
            }
            #expect(exists.isUserAlreadyExists)
            #expect(exists.errorCodes == [1003037])

            let parameters = NativeAuthSignUpParameters(username: "hal@example.com")
            parameters.attributes = ["postalCode": "0123"]
            guard case .attributesInvalid(let names) = await app.signUp(parameters: parameters) else {
                Issue.record("expected the attribute to be refused"); return
            }
            #expect(names == ["postalCode"])

            let later = try Self.code(await app.signUp(parameters: NativeAuthSignUpParameters(username: "hal@example.com")))
            guard case .attributesRequired(_, let state) = await later.submitCode(code: "12345678") else {
                Issue.record("expected attributes_required"); return
            }
            guard case .attributesInvalid(let refused, let same) = await state.submitAttributes(attributes: ["postalCode": "0123"]) else {
                Issue.record("expected the value to be refused"); return
            }
            #expect(refused == ["postalCode"])
            #expect(same === state)
            guard case .completed = await state.submitAttributes(attributes: ["postalCode": "98052"]) else {
                Issue.record("expected the account"); return
            }
        }
    }

    @Test func resendAndWrongCodesUpToTheLimit() async throws {
        try await EmulatorHarness.run(fixedCode: nil) { harness in
            let app = try harness.app([.OOB])
            let parameters = NativeAuthSignUpParameters(username: "ivy@example.com")
            parameters.attributes = ["displayName": "Ivy"]
            let first = try Self.code(await app.signUp(parameters: parameters))
            guard case .codeRequired(let state, _, _, _) = await first.resendCode() else { Issue.record("expected a new code"); return }
            let code = try #require(try await harness.codes(for: "ivy@example.com").last)
            let wrong = code == "00000000" ? "11111111" : "00000000"
            for _ in 1..<5 {
                guard case .error(let error, let retry) = await state.submitCode(code: wrong) else { Issue.record("expected a wrong code"); return }
                #expect(error.isInvalidCode)
                #expect(retry === state)
            }
            guard case .error(let locked, let none) = await state.submitCode(code: wrong) else { Issue.record("expected the lock-out"); return }
            #expect(!locked.isInvalidCode)
            #expect(locked.errorCodes == [50053])
            #expect(none == nil)
            guard case .error(let used, _) = await state.submitCode(code: code) else { Issue.record("expected a used state"); return }
            #expect(used.isStateAlreadyUsed)
        }
    }

    @Test func anExpiredSignUpEndsTheFlow() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB])
            let state = try Self.code(await app.signUp(parameters: NativeAuthSignUpParameters(username: "jay@example.com")))
            try await harness.advanceClock(seconds: 601)
            guard case .error(let error, let next) = await state.submitCode(code: "12345678") else { Issue.record("expected an error"); return }
            #expect(error.serverError == "expired_token")
            #expect(next == nil)
        }
    }
}
