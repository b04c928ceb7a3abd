import Foundation
import Hummingbird
import NativeAuth
import NativeAuthShared

/// The sign-up's JSON API: start, code, password, attributes, resend; a finished sign-up signs in.
extension Site {
    private struct Start: Decodable {
        let username: String
        let password: String?
        let attributes: [String: String]?
    }
    private struct Code: Decodable { let code: String }
    private struct Password: Decodable { let password: String }
    private struct Attributes: Decodable { let attributes: [String: String] }

    /// `POST /api/signup {"username","password"?,"attributes"?}` → `{"next":"code","sentTo","codeLength"}`.
    func signUp(_ request: Request, _ context: SiteContext) async throws -> Response {
        if let refused = refusedWhileSignedIn(context) { return refused }
        let body = try await request.decode(as: Start.self, context: context)
        let partition = Self.partition(of: body.username)
        let parameters = NativeAuthSignUpParameters(username: body.username)
        parameters.password = body.password
        parameters.attributes = body.attributes
        switch await application(for: partition).signUp(parameters: parameters) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return waiting(state, partition: partition, next: "code", sentTo: sentTo, codeLength: codeLength, context)
        case .attributesInvalid(let names):
            return SiteReply.json([("error", .string("invalid_attributes")), ("message", .string(Self.attributesRefused(names))),
                                   ("attributes", .array(names.map(JSONValue.string)))], status: .badRequest)
        case .error(let error):
            return SiteReply.failure(error, canRetry: false)
        }
    }

    /// `POST /api/signup/code {"code"}` → signed in, `{"next":"password"}` or `{"next":"attributes","attributes":[…]}`.
    func signUpCode(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Code.self, context: context)
        let (state, partition) = try await open(SignUpCodeRequiredState.self, context)
        switch await state.submitCode(code: body.code) {
        case .completed(let state): return await signInAfterSignUp(state, partition: partition, context)
        case .passwordRequired(let state): return waiting(state, partition: partition, next: "password", context)
        case .attributesRequired(let attributes, let state): return attributesRequired(attributes, state, partition: partition, context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signup/password {"password"}` → signed in, or `{"next":"attributes",…}`.
    func signUpPassword(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Password.self, context: context)
        let (state, partition) = try await open(SignUpPasswordRequiredState.self, context)
        switch await state.submitPassword(password: body.password) {
        case .completed(let state): return await signInAfterSignUp(state, partition: partition, context)
        case .attributesRequired(let attributes, let state): return attributesRequired(attributes, state, partition: partition, context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signup/attributes {"attributes":{…}}` → signed in, or the attributes still needed.
    func signUpAttributes(_ request: Request, _ context: SiteContext) async throws -> Response {
        let body = try await request.decode(as: Attributes.self, context: context)
        let (state, partition) = try await open(SignUpAttributesRequiredState.self, context)
        switch await state.submitAttributes(attributes: body.attributes) {
        case .completed(let state): return await signInAfterSignUp(state, partition: partition, context)
        case .attributesRequired(let attributes, let state): return attributesRequired(attributes, state, partition: partition, context)
        case .attributesInvalid(let names, let state):
            keep(.waiting(sealer.seal(state), partition: partition), context)
            return SiteReply.json([("error", .string("invalid_attributes")), ("message", .string(Self.attributesRefused(names))),
                                   ("attributes", .array(names.map(JSONValue.string))), ("canRetry", .bool(true))], status: .badRequest)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// `POST /api/signup/resend` → `{"sentTo","codeLength"}`.
    func signUpResend(_ request: Request, _ context: SiteContext) async throws -> Response {
        let (state, partition) = try await open(SignUpCodeRequiredState.self, context)
        switch await state.resendCode() {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return codeResent(state, partition: partition, sentTo: sentTo, codeLength: codeLength, context)
        case .error(let error, let retry):
            return failed(error, retry: retry, context)
        }
    }

    private func attributesRequired(_ attributes: [NativeAuthRequiredAttribute], _ state: SignUpAttributesRequiredState,
                                    partition: String, _ context: SiteContext) -> Response {
        keep(.waiting(sealer.seal(state), partition: partition), context)
        return SiteReply.next("attributes", extra: [("attributes", .array(attributes.map {
            .object([("name", .string($0.name)), ("type", .string($0.type)), ("required", .bool($0.required))])
        }))])
    }

    /// The sign-up is done: sign in with it at once.
    private func signInAfterSignUp(_ state: SignInAfterSignUpState, partition: String, _ context: SiteContext) async -> Response {
        let parameters = NativeAuthSignInAfterSignUpParameters()
        parameters.scopes = apiScopes  // the token "me" calls with, as a sign-in asks for it
        switch await state.signIn(parameters: parameters) {
        case .completed(let result): return signedIn(result, partition: partition, context)
        case .awaitingMFA(let methods, let state): return awaitingMFA(methods, state, partition: partition, context)
        case .strongAuthMethodRegistration: return registrationRequired(context)
        case .error(let error, let retry): return failed(error, retry: retry, context)
        }
    }

    /// The message of an `invalid_attributes` answer.
    private static func attributesRefused(_ names: [String]) -> String {
        "The server refused the value of " + names.joined(separator: ", ") + "."
    }
}
