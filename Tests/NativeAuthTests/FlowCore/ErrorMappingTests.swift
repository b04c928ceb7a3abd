import Foundation
@testable import NativeAuth
import Testing

/// What the server's errors become, step by step, without a transport.
@Suite("Error mapping")
struct ErrorMappingTests {
    private func error(_ json: String) throws -> ServerErrorResponse {
        try JSONDecoder().decode(ServerErrorResponse.self, from: Data(json.utf8))
    }

    private func server(_ error: String, suberror: String? = nil, codes: [Int] = [], description: String? = nil) -> ServerErrorResponse {
        ServerErrorResponse(error: ServerErrorCode(rawValue: error), suberror: suberror.map { ServerSubError(rawValue: $0) },
                            errorDescription: description, errorCodes: codes)
    }

    @Test("The whole envelope decodes: timestamp, error_uri, inner_errors, continuation_token")
    func envelope() throws {
        let decoded = try error("""
            {"error":"invalid_grant","error_description":"AADSTS50126: Error validating credentials.","error_codes":[50126],
             "timestamp":"2026-01-01 10:15:00Z","trace_id":"t","correlation_id":"c","error_uri":"https://login.microsoftonline.com/error?code=50126",
             "inner_errors":[{"error":"invalid_grant","error_description":"inner"}],"suberror":"mfa_required","continuation_token":"CT5"}
            """)
        #expect(decoded.timestamp == "2026-01-01 10:15:00Z")
        #expect(decoded.errorUri == "https://login.microsoftonline.com/error?code=50126")
        #expect(decoded.innerErrors == [ServerErrorResponse.InnerError(error: "invalid_grant", errorDescription: "inner")])
        #expect(decoded.continuationToken == "CT5")
        #expect(WireRejection.protocolError(decoded, status: 400).continuationToken == "CT5")
    }

    @Test("Fields of the wrong type are dropped, not fatal")
    func lenientFields() throws {
        let decoded = try error(#"{"error":"invalid_request","error_codes":"oops","inner_errors":7,"timestamp":5}"#)
        #expect(decoded.errorCodes.isEmpty && decoded.innerErrors.isEmpty && decoded.timestamp == nil)
    }

    @Test("Protocol errors carry the server's description, status and error_uri; redirects their reason")
    func messages() throws {
        let id = UUID()
        let body = try error(#"{"error":"invalid_client","error_description":"AADSTS550022: Confidential Client is not supported.","error_codes":[550022],"error_uri":"https://e/x"}"#)
        let details = FlowErrorMapping.details(.protocolError(body, status: 401), correlationId: id) { _ in .general }
        let mapped = SignInStartError(details)
        #expect(mapped.errorDescription == "AADSTS550022: Confidential Client is not supported.")
        #expect(mapped.httpStatus == 401)
        #expect(mapped.errorUri == "https://e/x")
        #expect(!mapped.isServerUnavailable)
        #expect(mapped.correlationId == id)

        let redirect = SignInStartError(FlowErrorMapping.details(.redirect(reason: "Client is missing registration_required capability"), correlationId: id) { _ in .general })
        #expect(redirect.isBrowserRequired)
        #expect(redirect.errorDescription == "Client is missing registration_required capability")
        let bare = SignInStartError(FlowErrorMapping.details(.redirect(reason: nil), correlationId: id) { _ in .general })
        #expect(bare.errorDescription?.contains("browser") == true)
    }

    @Test("A protocol error without a description is named by its error and suberror")
    func noDescription() {
        let details = FlowErrorMapping.details(.protocolError(server("expired_token", suberror: "x"), status: 400), correlationId: UUID()) { _ in .general }
        #expect(details.message == "The server refused the request (expired_token, x).")
    }

    @Test("Sign-in: what each step makes of the server's errors")
    func signInMeanings() {
        #expect(SignInStep.initiate.meaning(of: server("user_not_found", codes: [50034])).kind == .userNotFound)
        #expect(SignInStep.initiate.meaning(of: server("invalid_request", codes: [90100], description: "AADSTS90100: username parameter is empty or not valid.")).kind == .invalidUsername)
        #expect(SignInStep.initiate.meaning(of: server("invalid_request", codes: [90100], description: "AADSTS90100: client_id parameter is empty or not valid.")).kind == .general)
        #expect(SignInStep.initiate.meaning(of: server("invalid_client", suberror: "nativeauthapi_disabled")).kind == .general)
        #expect(SignInStep.oobGrant.meaning(of: server("invalid_grant", suberror: "invalid_oob_value", codes: [50181])).kind == .invalidCode)
        #expect(SignInStep.oobGrant.meaning(of: server("invalid_grant", codes: [50126])).kind == .general)
        #expect(SignInStep.passwordGrant.meaning(of: server("invalid_grant", codes: [50126])).kind == .invalidCredentials)
        #expect(SignInStep.passwordGrant.meaning(of: server("invalid_grant", codes: [50034])).kind == .userNotFound)
        #expect(SignInStep.passwordGrant.meaning(of: server("invalid_grant", codes: [55200])).kind == .general)
        #expect(SignInStep.passwordGrant.meaning(of: server("invalid_grant")).kind == .general)
        #expect(SignInStep.passwordGrant.meaning(of: server("invalid_grant", codes: [50053])).kind == .general)
        #expect(SignInStep.passwordGrant.meaning(of: server("expired_token", codes: [552003])).kind == .general)
        for suberror in ["mfa_required", "registration_required"] {
            for step in [SignInStep.passwordGrant, .oobGrant] {
                let meaning = step.meaning(of: server("invalid_grant", suberror: suberror, codes: [50076]))
                #expect(meaning.kind == .browserRequired)
                #expect(meaning.prefix?.contains("browser") == true)
            }
        }
    }

    @Test("Refresh: 50076 needs the user, 50142 is general, 65001 is the scopes; other invalid_grant is 'refresh token expired'")
    func refreshMeanings() {
        #expect(RefreshErrorMapping.meaning(of: server("invalid_grant", codes: [70008])).kind == .refreshTokenExpired)
        #expect(RefreshErrorMapping.meaning(of: server("expired_refresh_token")).kind == .refreshTokenExpired)
        #expect(RefreshErrorMapping.meaning(of: server("invalid_scope", codes: [70011])).kind == .invalidScope)
        let mfa = RefreshErrorMapping.meaning(of: server("invalid_grant", codes: [50076]))
        #expect(mfa.kind == .interactionRequired)
        #expect(mfa.kind.code == .interactionRequired)
        #expect(mfa.prefix?.contains("Multi-factor authentication") == true)
        let mfaSuberror = RefreshErrorMapping.meaning(of: server("invalid_grant", suberror: "mfa_required"))
        #expect(mfaSuberror.kind == .interactionRequired)
        let consent = RefreshErrorMapping.meaning(of: server("invalid_grant", codes: [65001]))
        #expect(consent.kind == .invalidScope)
        let password = RefreshErrorMapping.meaning(of: server("invalid_grant", codes: [50142]))
        #expect(password.kind == .general)
        #expect(password.prefix?.contains("password must be changed") == true)
    }
}
