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
        let details = FlowErrorMapping.failure(.protocolError(body, status: 401), correlationId: id, at: SignInStep.initiate).details
        let mapped = SignInStartError(details)
        #expect(mapped.errorDescription == "AADSTS550022: Confidential Client is not supported.")
        #expect(mapped.httpStatus == 401)
        #expect(mapped.errorUri == "https://e/x")
        #expect(!mapped.isServerUnavailable)
        #expect(mapped.correlationId == id)

        let redirect = SignInStartError(FlowErrorMapping.failure(.redirect(reason: "Client is missing registration_required capability"), correlationId: id,
                                                                  at: SignInStep.initiate).details)
        #expect(redirect.isBrowserRequired)
        #expect(redirect.errorDescription == "Client is missing registration_required capability")
        let bare = SignInStartError(FlowErrorMapping.failure(.redirect(reason: nil), correlationId: id, at: SignInStep.initiate).details)
        #expect(bare.errorDescription?.contains("browser") == true)
    }

    @Test("A protocol error without a description is named by its error and suberror")
    func noDescription() {
        let details = FlowErrorMapping.failure(.protocolError(server("expired_token", suberror: "x"), status: 400), correlationId: UUID(),
                                              at: SignInStep.initiate).details
        #expect(details.message == "The server refused the request (expired_token, x).")
    }

    private func outcome(_ step: some ErrorTable, _ error: ServerErrorResponse) -> ErrorOutcome {
        step.outcome(of: error)
    }

    @Test("Sign-in: what each step makes of the server's errors")
    func signInOutcomes() {
        #expect(outcome(SignInStep.initiate, server("user_not_found", codes: [50034])).code == .userNotFound)
        #expect(outcome(SignInStep.initiate, server("invalid_request", codes: [90100], description: "AADSTS90100: username parameter is empty or not valid.")).code == .invalidUsername)
        #expect(outcome(SignInStep.initiate, server("invalid_request", codes: [90100], description: "AADSTS90100: client_id parameter is empty or not valid.")).code == .general)
        #expect(outcome(SignInStep.initiate, server("invalid_client", suberror: "nativeauthapi_disabled")).code == .general)
        #expect(outcome(SignInStep.oobGrant, server("invalid_grant", suberror: "invalid_oob_value", codes: [50181])).code == .invalidCode)
        #expect(outcome(SignInStep.oobGrant, server("invalid_grant", codes: [50126])).code == .general)
        #expect(outcome(SignInStep.passwordGrant, server("invalid_grant", codes: [50126])).code == .invalidCredentials)
        #expect(outcome(SignInStep.passwordGrant, server("invalid_grant", codes: [50034])).code == .userNotFound)
        #expect(outcome(SignInStep.passwordGrant, server("invalid_grant", codes: [55200])).code == .general)
        #expect(outcome(SignInStep.passwordGrant, server("invalid_grant")).code == .general)
        #expect(outcome(SignInStep.passwordGrant, server("invalid_grant", codes: [50053])).code == .attemptLimitReached)
        #expect(outcome(SignInStep.passwordGrant, server("expired_token", codes: [552003])).code == .flowExpired)
        for suberror in ["mfa_required", "registration_required"] {
            for step in [SignInStep.passwordGrant, .oobGrant] {
                let browser = outcome(step, server("invalid_grant", suberror: suberror, codes: [50076]))
                #expect(browser.code == .browserRequired)
                #expect(browser.prefix?.contains("browser") == true)
            }
        }
    }

    @Test("Refresh: the sentences put before the server's; a 70000 after a lost answer says the session may have been rotated")
    func refreshSentences() {
        let mfa = outcome(RefreshStep.refresh, server("invalid_grant", codes: [50076]))
        #expect(mfa.code == .interactionRequired)
        #expect(mfa.prefix?.contains("Multi-factor authentication") == true)
        #expect(outcome(RefreshStep.refresh, server("invalid_grant", codes: [65001])).prefix?.contains("not configured for the requested scopes") == true)
        #expect(outcome(RefreshStep.refresh, server("invalid_grant", codes: [50142])).prefix?.contains("password must be changed") == true)
        #expect(outcome(RefreshStep.refresh, server("invalid_grant", codes: [70000])).prefix == nil)
        let rotated = outcome(RefreshStep.refreshAfterLostAnswer, server("invalid_grant", codes: [70000]))
        #expect(rotated.code == .refreshTokenExpired)
        #expect(rotated.prefix?.contains("lost answer") == true)
        #expect(outcome(RefreshStep.refreshAfterLostAnswer, server("invalid_grant", codes: [70008])).prefix == nil)
    }
}
