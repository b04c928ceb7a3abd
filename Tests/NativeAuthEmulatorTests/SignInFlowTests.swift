import Foundation
import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("Sign-in flows over loopback HTTP")
struct SignInFlowTests {
    @Test func otpSignInReturnsTokens() async throws {
        try await withEmulator { client in
            let started = try await client.initiate("alice@example.com", challengeType: "oob redirect")
            #expect(started.status == 200)
            #expect(started.json.keys.sorted() == ["continuation_token"])
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            #expect(challenged.status == 200)
            #expect(challenged.string("challenge_type") == "oob")
            #expect(challenged.string("binding_method") == "prompt")
            #expect(challenged.string("challenge_channel") == "email")
            #expect(challenged.string("challenge_target_label") == "a***e@e*****e.com")
            #expect(challenged.json["code_length"] as? Int == 8)
            let tokens = try await client.submitCode(try #require(challenged.string("continuation_token")), code: "12345678",
                                                     scope: "openid profile offline_access api://demo/Data.Read")
            #expect(tokens.status == 200)
            #expect(tokens.string("token_type") == "Bearer")
            #expect(tokens.string("scope") == "openid profile offline_access api://demo/Data.Read")
            #expect(tokens.json["expires_in"] as? Int == 3600)
            #expect(tokens.json["ext_expires_in"] as? Int == 3600)
            #expect(tokens.string("access_token") != nil)
            #expect(tokens.string("refresh_token") != nil)
            #expect(tokens.string("id_token") != nil)
            #expect(tokens.json["client_info"] == nil)
            let access = try JWT(try #require(tokens.string("access_token")))
            #expect(access.claims["aud"] as? String == "api://demo")
            #expect(access.claims["scp"] as? String == "Data.Read")
            #expect(access.claims["azp"] as? String == EmulatorConfiguration.defaultClientId)
            #expect(access.claims["tid"] as? String == client.emulator.tenantId)
        }
    }

    @Test func passwordSignInReturnsTokens() async throws {
        try await withEmulator { client in
            let started = try await client.initiate("bob@example.com", challengeType: "password redirect")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            #expect(challenged.status == 200)
            #expect(challenged.json.keys.sorted() == ["challenge_type", "continuation_token"])
            #expect(challenged.string("challenge_type") == "password")
            let tokens = try await client.submitPassword(try #require(challenged.string("continuation_token")), password: "Passw0rd!")
            #expect(tokens.status == 200)
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.claims["preferred_username"] as? String == "bob@example.com")
            #expect(id.claims["name"] as? String == "Bob Example")
        }
    }

    @Test func tokenResponseOmitsRefreshAndIdTokensUnlessAsked() async throws {
        try await withEmulator { client in
            let tokens = try await client.signInOTP(scope: "api://demo/Data.Read")
            #expect(tokens.status == 200)
            #expect(tokens.string("access_token") != nil)
            #expect(tokens.json["refresh_token"] == nil)
            #expect(tokens.json["id_token"] == nil)
        }
    }

    @Test func clientInfoIsReturnedWhenRequested() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let tokens = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("continuation_token", token), ("grant_type", "oob"),
                ("oob", "12345678"), ("scope", "openid"), ("client_info", "1"),
            ])
            let info = try #require(tokens.string("client_info"))
            let decoded = try #require(Base64URL.decode(info))
            let object = try #require(try JSONSerialization.jsonObject(with: decoded) as? [String: String])
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(object["uid"] == id.claims["oid"] as? String)
            #expect(object["utid"] == client.emulator.tenantId)
        }
    }

    @Test func redirectWhenUserMethodIsNotInChallengeTypes() async throws {
        try await withEmulator { client in
            let bob = try await client.initiate("bob@example.com", challengeType: "oob redirect")
            let redirected = try await client.challenge(try #require(bob.string("continuation_token")))
            #expect(redirected.status == 200)
            #expect(redirected.string("challenge_type") == "redirect")
            #expect(redirected.string("redirect_reason") != nil)
            #expect(redirected.json["continuation_token"] == nil)

            let alice = try await client.initiate("alice@example.com", challengeType: "password redirect")
            let second = try await client.challenge(try #require(alice.string("continuation_token")))
            #expect(second.string("challenge_type") == "redirect")
        }
    }

    @Test func resendIssuesNewCodeAndInvalidatesThePreviousOne() async throws {
        try await withEmulator({ $0.fixedCode = nil }) { client in
            let started = try await client.initiate("alice@example.com")
            let first = try await client.challenge(try #require(started.string("continuation_token")))
            let firstToken = try #require(first.string("continuation_token"))
            let resent = try await client.challenge(firstToken)
            let secondToken = try #require(resent.string("continuation_token"))
            #expect(secondToken != firstToken)
            let codes = try await client.admin("GET", "codes?username=alice@example.com").json["codes"] as? [[String: Any]]
            let list = try #require(codes)
            #expect(list.count == 2)
            let oldCode = try #require(list[0]["code"] as? String)
            let newCode = try #require(list[1]["code"] as? String)
            #expect(list[0]["valid"] as? Bool == false)
            #expect(list[1]["valid"] as? Bool == true)
            #expect(newCode.count == 8 && newCode.allSatisfy(\.isNumber))
            // The token from before the resend is superseded.
            let stale = try await client.submitCode(firstToken, code: newCode)
            #expect(stale.errorCode == 55200)
            if oldCode != newCode {
                let old = try await client.submitCode(secondToken, code: oldCode)
                #expect(old.string("suberror") == "invalid_oob_value")
            }
            let ok = try await client.submitCode(secondToken, code: newCode)
            #expect(ok.status == 200)
        }
    }

    @Test func refreshRotatesTheRefreshToken() async throws {
        try await withEmulator { client in
            let tokens = try await client.signInOTP()
            let first = try #require(tokens.string("refresh_token"))
            let refreshed = try await client.refresh(first)
            #expect(refreshed.status == 200)
            let second = try #require(refreshed.string("refresh_token"))
            #expect(second != first)
            #expect(refreshed.string("id_token") != nil)
            let again = try await client.refresh(second, scope: nil)
            #expect(again.status == 200)
        }
    }

    @Test func codesAreSentToTheCallbackWithMaskedTarget() async throws {
        let received = SentCodes()
        try await withEmulator({ config in
            config.fixedCode = nil
            config.onCodeSent = { received.append($0) }
        }) { client in
            _ = try await client.startOTP()
            let sent = try #require(received.all.first)
            #expect(sent.username == "alice@example.com")
            #expect(sent.maskedTarget == "a***e@e*****e.com")
            #expect(sent.code.count == 8)
            #expect(sent.consoleLine.hasPrefix("to a***e@e*****e.com: code \(sent.code)"))
        }
    }
}

/// Collects codes handed to `onCodeSent`.
final class SentCodes: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [SentCode] = []

    func append(_ code: SentCode) {
        lock.lock()
        codes.append(code)
        lock.unlock()
    }

    var all: [SentCode] {
        lock.lock()
        defer { lock.unlock() }
        return codes
    }
}
