import Foundation
import Hummingbird
import NativeAuth

/// The sign-in's JSON API: start, code, password, resend, and the second factor.
extension Site {
    private struct Start: Decodable { let username: String }
    private struct Code: Decodable { let code: String }
    private struct Password: Decodable { let password: String }
    private struct Method: Decodable { let methodId: String }

    /// `POST /api/signin {"username"}` → `{"next":"code","sentTo","codeLength"}` or `{"next":"password"}`.
    func signIn(_ request: Request, _ context: SiteContext) async throws -> Response {
        if let refused = refusedWhileSignedIn(context) { return refused }
        let body = try await request.decode(as: Start.self, context: context)
        let partition = Self.partition(of: body.username)
        let parameters = NativeAuthSignInParameters(username: body.username)
        parameters.scopes = apiScopes
        switch await application(for: partition).signIn(parameters: parameters) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return waiting(state, partition: partition, next: "code", sentTo: sentTo, codeLength: codeLength, context)
        case .passwordRequired(let state):
            return waiting(state, partition: partition, next: "password", context)
        case .completed(let result):
            return signedIn(result, partition: partition, context)
        case .awaitingMFA(let methods, let state):
            return awaitingMFA(methods, state, partition: partition, context)
        case .strongAuthMethodRegistration:
            return registrationRequired(context)
        case .error(let error):
            return SiteReply.failure(error, canRetry: false)
        }
    }

    /// `POST /api/signin/code {"code"}` → `{"signedIn":{"username"}}`, 400 `wrong_code`, or `{"next":"mfa",…}`.
    func signInCode(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Code.self, context: context)
        let (state, partition) = try await open(SignInCodeRequiredState.self, context)
        switch await state.submitCode(code: body.code) {
        case .completed(let result): return signedIn(result, partition: partition, context)
        case .awaitingMFA(let methods, let state): return awaitingMFA(methods, state, partition: partition, context)
        case .strongAuthMethodRegistration: return registrationRequired(context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signin/password {"password"}` → `{"signedIn":{"username"}}`, 400 `wrong_password`, or `{"next":"mfa",…}`.
    func signInPassword(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Password.self, context: context)
        let (state, partition) = try await open(SignInPasswordRequiredState.self, context)
        switch await state.submitPassword(password: body.password) {
        case .completed(let result): return signedIn(result, partition: partition, context)
        case .awaitingMFA(let methods, let state): return awaitingMFA(methods, state, partition: partition, context)
        case .strongAuthMethodRegistration: return registrationRequired(context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signin/resend` → `{"sentTo","codeLength"}`.
    func signInResend(_ request: Request, _ context: SiteContext) async throws -> Response {
        let (state, partition) = try await open(SignInCodeRequiredState.self, context)
        switch await state.resendCode() {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return codeResent(state, partition: partition, sentTo: sentTo, codeLength: codeLength, context)
        case .error(let error, let retry):
            return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signin/mfa {"methodId"}` → `{"next":"mfa_code","sentTo","codeLength"}`: the second factor's code was sent.
    func signInMFAChallenge(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Method.self, context: context)
        guard let method = context.sessions.session?.methods?.first(where: { $0.id == body.methodId }) else {
            return SiteReply.error(.badRequest, "unknown_method", "That second factor was not offered.")
        }
        let (state, partition) = try await open(AwaitingMFAState.self, context)
        switch await state.requestChallenge(authMethod: method.authMethod) {
        case .verificationRequired(let state, let sentTo, _, let codeLength):
            return waiting(state, partition: partition, next: "mfa_code", sentTo: sentTo, codeLength: codeLength,
                           chosenMethod: method, context)
        case .error(let error, let retry):
            return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signin/mfa/resend` → `{"sentTo","codeLength"}`: a new code to the second factor chosen.
    func signInMFAResend(_ request: Request, _ context: SiteContext) async throws -> Response {
        guard let method = context.sessions.session?.chosenMethod else {
            return SiteReply.error(.conflict, "no_flow", "No flow waits at this step: start again.")
        }
        let (state, partition) = try await open(MFARequiredState.self, context)
        switch await state.requestChallenge(authMethod: method.authMethod) {
        case .verificationRequired(let state, let sentTo, _, let codeLength):
            return codeResent(state, partition: partition, sentTo: sentTo, codeLength: codeLength, context)
        case .error(let error, let retry):
            return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signin/mfa/code {"code"}` → `{"signedIn":{"username"}}` or 400 `wrong_code`.
    func signInMFACode(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Code.self, context: context)
        let (state, partition) = try await open(MFARequiredState.self, context)
        switch await state.submitChallenge(challenge: body.code) {
        case .completed(let result): return signedIn(result, partition: partition, context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }
}
