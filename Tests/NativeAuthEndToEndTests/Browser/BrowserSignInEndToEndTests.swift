import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport
import Synchronization
import Testing

/// `acquireToken`: authorization code + PKCE with a loopback redirect, against the emulator's pages
/// over real loopback HTTP (a person at the page is played by ``EmulatorUser``).
@Suite(.timeLimit(.minutes(10)))
struct BrowserSignInEndToEndTests {
    private func parameters(_ user: EmulatorUser, scopes: [String] = [], loginHint: String? = nil) -> NativeAuthInteractiveTokenParameters {
        let parameters = NativeAuthInteractiveTokenParameters(scopes: scopes)
        parameters.browserOpener = user
        parameters.loginHint = loginHint
        return parameters
    }

    @Test func anEmailCodeUserSignsInAndTheAccountWorksLikeANativeOne() async throws {
        try await EmulatorHarness.run { harness in
            let transport = InterceptingTransport()
            let app = try harness.browserApp(transport: transport)
            let user = EmulatorUser(.signIn(username: EmulatorHarness.alice, secret: "12345678"))
            let result = try await app.acquireToken(parameters: parameters(user, scopes: ["api://contoso/Data.Read"]))
            #expect(user.failure == nil)
            #expect(result.account.username == EmulatorHarness.alice)
            #expect(user.pages.map(\.title) == ["Sign in", "Enter code", nil, "Signed in"], "the pages, then the loopback's page")
            #expect(user.pages.last?.html.contains("return to the terminal") == true)

            // The same store and account as a native sign-in: cached token, account lookup, sign-out.
            let token = try await result.getAccessToken()
            #expect(JWTClaims.claims(of: token.accessToken)["aud"] as? String == "api://contoso")
            #expect(app.getNativeAuthUserAccount()?.account.identifier == result.account.identifier)
            let refreshed = try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
            #expect(refreshed.accessToken != token.accessToken)
            result.signOut()
            #expect(app.getNativeAuthUserAccount() == nil)
            #expect(transport.forms(to: "/token").first?["grant_type"] == "authorization_code")
        }
    }

    @Test func pkceStateAndNonceGoWhereTheyShould() async throws {
        try await EmulatorHarness.run { harness in
            let transport = InterceptingTransport()
            let app = try harness.browserApp(transport: transport)
            let user = EmulatorUser(.signIn(username: EmulatorHarness.bob, secret: EmulatorHarness.bobPassword))
            let result = try await app.acquireToken(parameters: parameters(user, loginHint: EmulatorHarness.bob))
            #expect(result.account.username == EmulatorHarness.bob)

            let url = try #require(user.authorizeURLs.first)
            let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
                .map { ($0.name, $0.value ?? "") })
            let token = try #require(transport.forms(to: "/token").first)
            let verifier = try #require(token["code_verifier"])
            #expect(PKCE.isWellFormedVerifier(verifier))
            #expect(query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"] == PKCE.challenge(for: verifier), "S256 of the verifier sent at /token")
            #expect(query["response_type"] == "code" && query["response_mode"] == "query")
            #expect((query["state"]?.count ?? 0) >= 32 && (query["nonce"]?.count ?? 0) >= 32 && query["state"] != query["nonce"])
            #expect(query["login_hint"] == EmulatorHarness.bob)
            #expect(user.pages.first?.value(of: "username") == EmulatorHarness.bob, "the page prefilled the login hint")
            let redirect = try #require(query["redirect_uri"])
            #expect(redirect.hasPrefix("http://localhost:") && token["redirect_uri"] == redirect)
            #expect(query["scope"]?.split(separator: " ").contains("openid") == true)
            let idToken = try #require(result.idToken)
            #expect(JWTClaims.claims(of: idToken)["nonce"] as? String == query["nonce"])
        }
    }

    @Test func aBrowserOnlyUserFallsBackFromNativeSignIn() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp()
            let native = NativeAuthSignInParameters(username: EmulatorHarness.webUser)
            native.scopes = ["api://contoso/Data.Read"]
            guard case .error(let error) = await app.signIn(parameters: native) else {
                Issue.record("a browser-only user must be sent to the browser")
                return
            }
            #expect(error.isBrowserRequired)
            let fallback = try #require(error.browserFallback)
            #expect(fallback.loginHint == EmulatorHarness.webUser)
            #expect(fallback.scopes == ["api://contoso/Data.Read"])
            #expect(fallback.reason.contains("browser"))

            let parameters = NativeAuthInteractiveTokenParameters(fallback: fallback)
            let user = EmulatorUser(.signIn(username: EmulatorHarness.webUser, secret: "12345678"))
            parameters.browserOpener = user
            let result = try await app.acquireToken(parameters: parameters)
            #expect(result.account.username == EmulatorHarness.webUser)
            #expect(user.pages.first?.value(of: "username") == EmulatorHarness.webUser)
            #expect(app.getNativeAuthUserAccount()?.account.username == EmulatorHarness.webUser)
        }
    }

    @Test func anAnswerWithAnotherStateIsRefusedAndNeverRedeemed() async throws {
        try await EmulatorHarness.run { harness in
            let transport = InterceptingTransport()
            let app = try harness.browserApp(transport: transport, clock: ManualClock())
            let user = EmulatorUser(.forgeState)
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters(user))
                Issue.record("a forged answer must be refused")
            } catch {
                #expect(error.isTimedOut, "a forged answer does not end the wait: only the timeout did")
            }
            #expect(transport.forms(to: "/token").isEmpty, "nothing was redeemed")
            #expect(user.pages.first?.status == 400)
        }
    }

    @Test func cancellingOnThePageComesBackAsAccessDenied() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp()
            let user = EmulatorUser(.cancel)
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters(user))
                Issue.record("a cancelled sign-in must fail")
            } catch {
                #expect(error.isAccessDenied)
                #expect(error.serverError == "access_denied")
                #expect(error.errorCodes == [65004])
                #expect(user.pages.last?.title == "Sign-in did not complete")
            }
        }
    }

    @Test func noAnswerTimesOutOnTheApplicationsClock() async throws {
        try await EmulatorHarness.run { harness in
            let clock = ManualClock()
            let app = try harness.browserApp(clock: clock)
            let parameters = parameters(EmulatorUser(.ignore))
            parameters.timeout = .seconds(90)
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters)
                Issue.record("nothing came back: the sign-in must time out")
            } catch {
                #expect(error.isTimedOut)
            }
            #expect(clock.sleeps == [.seconds(90)])
        }
    }

    @Test func cancellingTheTaskStopsTheWait() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp()
            let (opened, signal) = AsyncStream<Void>.makeStream()
            let parameters = parameters(EmulatorUser(.ignore))
            parameters.browserOpener = SignallingOpener(signal: signal)
            let task = Task { try await app.acquireToken(parameters: parameters) }
            for await _ in opened { break }
            task.cancel()
            do {
                _ = try await task.value
                Issue.record("a cancelled sign-in must fail")
            } catch let error as InteractiveTokenError {
                #expect(error.isCancelled)
            }
        }
    }

    @Test func withoutABrowserTheURLGoesToTheAppOrTheSignInFails() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp(clock: ManualClock())
            let parameters = parameters(EmulatorUser(.ignore))
            parameters.browserOpener = SignallingOpener(signal: nil, opens: false)
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters)
                Issue.record("no browser, no URL handler: the sign-in must fail")
            } catch {
                #expect(error.isBrowserUnavailable)
            }
            let shown = ShownURLs()
            parameters.showURL = { shown.add($0) }
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters)
            } catch {
                #expect(error.isTimedOut, "with the URL shown, the sign-in waits")
            }
            #expect(shown.urls.count == 1 && shown.urls.first?.path.hasSuffix("/oauth2/v2.0/authorize") == true)
        }
    }

    @Test func anIDTokenWithAnotherNonceIsRefusedAndNothingIsStored() async throws {
        try await EmulatorHarness.run { harness in
            let transport = InterceptingTransport { request, response in
                guard request.url.path.hasSuffix("/token") else { return response }
                return ForgedIDToken.replacingNonce(in: response, with: "another-nonce")
            }
            let app = try harness.browserApp(transport: transport)
            let user = EmulatorUser(.signIn(username: EmulatorHarness.alice, secret: "12345678"))
            do throws(InteractiveTokenError) {
                _ = try await app.acquireToken(parameters: parameters(user))
                Issue.record("a token for another sign-in must be refused")
            } catch {
                #expect(error.isInvalidIDToken)
                #expect(error.errorDescription?.contains("nonce") == true)
            }
            #expect(app.getNativeAuthUserAccount() == nil)
        }
    }

    @Test func theCompletionFormDeliversOnTheMainActor() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp()
            let user = EmulatorUser(.signIn(username: EmulatorHarness.alice, secret: "12345678"))
            let delivered: (String?, Bool) = await withCheckedContinuation { continuation in
                app.acquireToken(parameters: parameters(user)) { result in
                    MainActor.assertIsolated()
                    continuation.resume(returning: ((try? result.get())?.account.username, true))
                }
            }
            #expect(delivered.0 == EmulatorHarness.alice)
        }
    }

    @Test func theAppsLoopbackRedirectPathIsUsed() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp(redirectUri: "http://127.0.0.1/callback")
            let user = EmulatorUser(.signIn(username: EmulatorHarness.alice, secret: "12345678"))
            _ = try await app.acquireToken(parameters: parameters(user))
            let redirect = URLComponents(url: try #require(user.authorizeURLs.first), resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "redirect_uri" }?.value
            #expect(redirect?.hasPrefix("http://127.0.0.1:") == true && redirect?.hasSuffix("/callback") == true)
        }
    }
}

/// An opener that says it was called (so a test can act while the flow waits).
struct SignallingOpener: BrowserOpener {
    let signal: AsyncStream<Void>.Continuation?
    var opens = true

    func open(_ url: URL) async -> Bool {
        signal?.yield()
        return opens
    }
}

final class ShownURLs: Sendable {
    private let list = Mutex<[URL]>([])
    func add(_ url: URL) { list.withLock { $0.append(url) } }
    var urls: [URL] { list.withLock { $0 } }
}

/// Rewrites the `nonce` claim of a token response's ID token (its signature is not checked by a
/// public client, so the library must catch this by the claim).
enum ForgedIDToken {
    static func replacingNonce(in response: HTTPResponse, with nonce: String) -> HTTPResponse {
        guard var body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any],
              let idToken = body["id_token"] as? String else { return response }
        let parts = idToken.split(separator: ".").map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
              var claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] else { return response }
        claims["nonce"] = nonce
        guard let forged = try? JSONSerialization.data(withJSONObject: claims) else { return response }
        body["id_token"] = [parts[0], Base64URL.encode(forged), parts[2]].joined(separator: ".")
        var changed = response
        changed.body = (try? JSONSerialization.data(withJSONObject: body)) ?? response.body
        return changed
    }
}
