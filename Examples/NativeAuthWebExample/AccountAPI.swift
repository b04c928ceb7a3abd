import Foundation
import Hummingbird
import NativeAuth
import NativeAuthShared

/// The signed-in user's JSON API: "me" (the API called with their token) and sign-out.
extension Site {
    /// `GET /api/me` → the API's answer for the signed-in user (its token refreshed when needed);
    /// 401 when not signed in.
    func me(_ request: Request, _ context: SiteContext) async throws -> Response {
        guard let session = context.sessions.session, session.signedInUser != nil, let partition = session.partition else {
            return SiteReply.error(.unauthorized, "not_signed_in", "Sign in first.")
        }
        let stored: NativeAuthUserAccountResult?
        do {
            stored = try await account(of: session, in: partition)
        } catch {
            return storeUnavailable(error)
        }
        guard let account = stored else {
            context.sessions.clearSession()
            return SiteReply.error(.unauthorized, "not_signed_in", "The account signed out: sign in again.")
        }
        let call = NativeAuth.HTTPRequest(method: "GET", url: api, headers: [("Accept", "application/json")], body: Data())
        do {
            let answer = try await account.callAPI(call, parameters: NativeAuthGetAccessTokenParameters(scopes: apiScopes))
            var headers = HTTPFields()
            headers[.contentType] = answer.response.header("Content-Type") ?? "application/json"
            headers[.cacheControl] = "no-store"
            return Response(status: .init(code: answer.response.status), headers: headers,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.response.body)))
        } catch {
            if case .accessToken(let tokenError) = error, tokenError.code == .refreshTokenExpired || tokenError.code == .noAccount {
                context.sessions.clearSession()
                return SiteReply.error(.unauthorized, "not_signed_in", "The sign-in expired: sign in again.")
            }
            // The details (a host, a transport's reason) go to the log, not to the browser.
            logger.warning("the API call failed", metadata: ["error": "\(error)"])
            return SiteReply.error(.badGateway, "api_failed", "The API could not be called: try again.")
        }
    }

    /// `POST /api/signout` → `{"signedOut":true}`: the user's tokens and the session are gone (the
    /// old session cookie is worth nothing after); 503, and both kept, when the store cannot be reached.
    func signOut(_ request: Request, _ context: SiteContext) async throws -> Response {
        if let session = context.sessions.session, let partition = session.partition, session.signedInUser != nil {
            do {
                if let account = try await account(of: session, in: partition) {
                    try await account.signOutFromStore()
                }
            } catch {
                return storeUnavailable(error)
            }
        }
        context.sessions.clearSession()
        return SiteReply.json([("signedOut", .bool(true))])
    }

    /// The account `session` signed in, as `partition` holds it: nil when the partition holds none, or
    /// holds another account (one whose username lowercases as this one's, signed in since).
    private func account(of session: SiteSession, in partition: String) async throws -> NativeAuthUserAccountResult? {
        guard let stored = try await application(for: partition).storedAccount(), let expected = session.account,
              stored.account.identifier == expected
        else { return nil }
        return stored
    }

    /// The store could not be read or written: 503, the session as it was.
    private func storeUnavailable(_ error: any Error) -> Response {
        logger.warning("the token store failed", metadata: ["error": "\(error)"])
        return SiteReply.error(.serviceUnavailable, "store_unavailable", "The accounts cannot be reached now: try again.")
    }
}
