import Foundation
import Hummingbird
import NativeAuth

/// The password reset's JSON API: start, code, new password, resend; a finished reset signs in.
extension Site {
    private struct Start: Decodable { let username: String }
    private struct Code: Decodable { let code: String }
    private struct Password: Decodable { let password: String }

    /// `POST /api/reset {"username"}` → `{"next":"code","sentTo","codeLength"}`.
    func resetPassword(_ request: Request, _ context: SiteContext) async throws -> Response {
        if let refused = refusedWhileSignedIn(context) { return refused }
        let body = try await request.decode(as: Start.self, context: context)
        let partition = Self.partition(of: body.username)
        switch await application(for: partition).resetPassword(parameters: NativeAuthResetPasswordParameters(username: body.username)) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return waiting(state, partition: partition, next: "code", sentTo: sentTo, codeLength: codeLength, context)
        case .error(let error):
            return SiteReply.failure(error, canRetry: false)
        }
    }

    /// `POST /api/reset/code {"code"}` → `{"next":"new_password"}` or 400 `wrong_code`.
    func resetPasswordCode(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Code.self, context: context)
        let (state, partition) = try await open(ResetPasswordCodeRequiredState.self, context)
        switch await state.submitCode(code: body.code) {
        case .passwordRequired(let state): return waiting(state, partition: partition, next: "new_password", context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/reset/password {"password"}` → `{"signedIn":{"username"}}`, or 400 with the policy's complaint.
    func resetPasswordNew(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Password.self, context: context)
        let (state, partition) = try await open(ResetPasswordRequiredState.self, context)
        switch await state.submitPassword(password: body.password) {
        case .completed(let state):
            // The password changed: whoever knew the old one loses the session it gave them, on
            // every replica, whether or not the sign-in below gets through.
            if let refused = await endSignedInSessions(of: partition, context) { return refused }
            let parameters = NativeAuthSignInAfterResetPasswordParameters()
            parameters.scopes = apiScopes  // the token "me" calls with, as a sign-in asks for it
            switch await state.signIn(parameters: parameters) {
            case .completed(let result): return signedIn(result, partition: partition, context)
            case .awaitingMFA(let methods, let state): return awaitingMFA(methods, state, partition: partition, context)
            case .strongAuthMethodRegistration: return registrationRequired(context)
            case .error(let error, let retry): return failed(error, retry: retry, context)
            }
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// Ends the signed-in sessions of `partition` (the one finishing the reset waits at a step, so it is
    /// not among them): the account's, and those of an account whose username lowercases alike, which
    /// shares the partition and signs in again (the safe side). Nil when done; else the 503 to send,
    /// this session ended too, so that the person signs in again once the database is back.
    private func endSignedInSessions(of partition: String, _ context: SiteContext) async -> Response? {
        do {
            let ended = try await sessions.removeSignedInSessions(ofPartition: partition)
            logger.info("a password reset ended the signed-in sessions of its partition", metadata: ["sessions": "\(ended)"])
            return nil
        } catch {
            logger.warning("the signed-in sessions of a reset's partition could not be ended", metadata: ["error": "\(error)"])
            context.sessions.clearSession()
            return SiteReply.error(.serviceUnavailable, "store_unavailable",
                                   "Your password was changed, but your other sessions could not be ended: sign in again in a moment.")
        }
    }

    /// `POST /api/reset/resend` → `{"sentTo","codeLength"}`.
    func resetPasswordResend(_ request: Request, _ context: SiteContext) async throws -> Response {
        let (state, partition) = try await open(ResetPasswordCodeRequiredState.self, context)
        switch await state.resendCode() {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return codeResent(state, partition: partition, sentTo: sentTo, codeLength: codeLength, context)
        case .error(let error, let retry):
            return failed(error, retry: retry, context)
        }
    }
}
