import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Sign-up's local checks (nothing is sent), attribute conversion, and the retry rules that no
/// recording shows, against a scripted server.
@Suite("Sign-up: local checks and retry rules")
struct SignUpLocalTests {
    private func codeState(_ transport: ScriptedTransport) async throws -> SignUpCodeRequiredState {
        let app = try MockServer.app(transport)
        return try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired?.state)
    }

    @Test("A value that is not of a JSON type fails the start locally, naming the attribute and type; nothing is sent")
    func nonJSONValueAtStart() async throws {
        let transport = SignUpMockServer.transport()
        let app = try MockServer.app(transport)
        let parameters = NativeAuthSignUpParameters(username: "user@example.com")
        let attributes: [String: Any] = ["displayName": "Carol", "birthday": Date(timeIntervalSince1970: 0)]
        parameters.attributes = attributes
        let error = try #require(await app.signUp(parameters: parameters).error)
        #expect(error.isInvalidAttributes)
        #expect(error.errorDescription?.contains("'birthday'") == true)
        #expect(error.errorDescription?.contains("Date") == true)
        #expect(error.errorDescription?.contains("Nothing was sent") == true)
        #expect(transport.requestCount == 0)
    }

    @Test("More than 64 attributes, or a name of 257 characters, fail locally")
    func bounds() async throws {
        let transport = SignUpMockServer.transport()
        let app = try MockServer.app(transport)
        let many = NativeAuthSignUpParameters(username: "user@example.com")
        many.attributes = Dictionary(uniqueKeysWithValues: (0..<65).map { ("a\($0)", "x") })
        #expect(try #require(await app.signUp(parameters: many).error).isInvalidAttributes)
        let long = NativeAuthSignUpParameters(username: "user@example.com")
        long.attributes = [String(repeating: "n", count: 257): "x"]
        #expect(try #require(await app.signUp(parameters: long).error).isInvalidAttributes)
        let huge = NativeAuthSignUpParameters(username: "user@example.com")
        huge.attributes = ["displayName": String(repeating: "x", count: 17 * 1024)]
        #expect(try #require(await app.signUp(parameters: huge).error).isInvalidAttributes)
        #expect(transport.requestCount == 0)
    }

    @Test("JSON values convert (strings, numbers, Bool, NSNull, nil, arrays, dictionaries) and are sent sorted, as one field")
    func conversion() async throws {
        let transport = SignUpMockServer.transport()
        let app = try MockServer.app(transport)
        let parameters = NativeAuthSignUpParameters(username: "user@example.com")
        let missing: String? = nil
        let attributes: [String: Any] = ["b": true, "a": 7, "c": 1.5, "d": NSNull(), "e": missing as Any, "f": ["x", 2], "g": ["k": "v"], "h": Int64(9)]
        parameters.attributes = attributes
        #expect(parameters.attributes?["a"] as? Int == 7)
        // A null reads back as a member whose value is nil (the library has no NSNull on Linux).
        #expect(parameters.attributes?.keys.contains("d") == true)
        #expect(parameters.attributes?["d"].map { Mirror(reflecting: $0).displayStyle == .optional && Mirror(reflecting: $0).children.isEmpty } == true)
        _ = try #require(await app.signUp(parameters: parameters).codeRequired)
        let start = try #require(transport.requests(to: "/signup/v1.0/start").first)
        #expect(FormFields.dictionary(start.body)["attributes"] == #"{"a":7,"b":true,"c":1.5,"d":null,"e":null,"f":["x",2],"g":{"k":"v"},"h":9}"#)
        #expect(FormFields.decode(start.body)?.map(\.name) == ["client_id", "username", "attributes", "challenge_type"])
    }

    @Test("An empty username or password fails the start locally")
    func emptyInputs() async throws {
        let transport = SignUpMockServer.transport()
        let app = try MockServer.app(transport)
        #expect(try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "  ")).error).isInvalidUsername)
        let parameters = NativeAuthSignUpParameters(username: "user@example.com")
        parameters.password = ""
        #expect(try #require(await app.signUp(parameters: parameters).error).isInvalidPassword)
        #expect(transport.requestCount == 0)
    }

    @Test("submitAttributes with a value that cannot be sent hands the same state back and sends nothing")
    func nonJSONValueOnState() async throws {
        let transport = SignUpMockServer.transport { form in
            form["grant_type"] == "oob"
                ? (400, #"{"error":"attributes_required","continuation_token":"CT3-mock","required_attributes":[{"name":"city","type":"string","required":true}]}"#)
                : (200, #"{"continuation_token":"CT4-mock"}"#)
        }
        let state = try await codeState(transport)
        let required = try #require(await state.submitCode(code: "12345678").attributesRequired)
        let sent = transport.requestCount
        let failure = try #require(await required.state.submitAttributes(attributes: ["city": URL(fileURLWithPath: "/")]).error)
        #expect(failure.error.isInvalidAttributes)
        #expect(failure.newState === required.state)
        #expect(transport.requestCount == sent)
        #expect(await required.state.submitAttributes(attributes: ["city": "Dublin"]).completed != nil)
    }

    @Test("A refused resend hands the state back; an expired token at resend ends the flow")
    func resendRules() async throws {
        let refused = try await codeState(SignUpMockServer.transport(resend: (400, #"{"error":"invalid_request","error_codes":[90100]}"#)))
        let kept = try #require(await refused.resendCode().error)
        #expect(kept.newState === refused)
        let expired = try await codeState(SignUpMockServer.transport(resend: (400, #"{"error":"expired_token","error_codes":[552003]}"#)))
        #expect(try #require(await expired.resendCode().error).newState == nil)
        let redirected = try await codeState(SignUpMockServer.transport(resend: (200, #"{"challenge_type":"redirect"}"#)))
        let redirect = try #require(await redirected.resendCode().error)
        #expect(redirect.error.isBrowserRequired)
        #expect(redirect.newState == nil)
    }

    @Test("A password suberror answering a code ends the flow (a code retry cannot fix it); a 503 hands the state back")
    func codeRules() async throws {
        let policy = try await codeState(SignUpMockServer.transport { _ in (400, #"{"error":"invalid_grant","suberror":"password_too_weak"}"#) })
        let ended = try #require(await policy.submitCode(code: "12345678").error)
        #expect(!ended.error.isInvalidCode)
        #expect(ended.newState == nil)
        let unavailable = try await codeState(SignUpMockServer.transport { _ in (503, "") })
        let retry = try #require(await unavailable.submitCode(code: "12345678").error)
        #expect(retry.error.isServerUnavailable)
        #expect(retry.newState === unavailable)
    }

    @Test("A code answered by another code after credential_required ends the flow")
    func credentialRequiredMustAskForAPassword() async throws {
        // The challenge after credential_required answers the OTP block again (the mock's default).
        let state = try await codeState(SignUpMockServer.transport { _ in (400, #"{"error":"credential_required","continuation_token":"CT7-mock"}"#) })
        let failure = try #require(await state.submitCode(code: "12345678").error)
        #expect(failure.newState == nil)
        #expect(failure.error.errorDescription?.contains("another code") == true)
    }
}
