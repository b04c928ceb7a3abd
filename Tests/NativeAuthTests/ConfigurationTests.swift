import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    private let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"

    @Test("tenantSubdomain builds https://{sub}.ciamlogin.com/{sub}.onmicrosoft.com and endpoints go under it")
    func tenantSubdomainAuthority() async throws {
        let transport = MockServer.transport()
        let app = try NativeAuthPublicClientApplication(
            clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB], transport: transport)
        #expect(app.authority.absoluteString == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
        _ = await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"))
        #expect(transport.requests.first?.url.absoluteString
            == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/initiate")
    }

    @Test("http:// is accepted for loopback hosts", arguments: [
        "http://127.0.0.1:8080/tenant", "http://[::1]:8080/tenant", "http://localhost:8080", "http://127.5.6.7/t",
    ])
    func httpLoopbackAccepted(url: String) throws {
        let app = try NativeAuthPublicClientApplication(clientId: clientId, authority: URL(string: url)!, challengeTypes: [.OOB])
        #expect(app.authority.scheme == "http")
    }

    @Test("http:// is rejected for other hosts with a clear message", arguments: [
        "http://contoso.ciamlogin.com/contoso.onmicrosoft.com", "http://10.0.0.1/tenant", "http://localhost.example.com/t",
    ])
    func httpElsewhereRejected(url: String) throws {
        let error = try #require(throws: NativeAuthConfigurationError.self) {
            try NativeAuthPublicClientApplication(clientId: clientId, authority: URL(string: url)!, challengeTypes: [.OOB])
        }
        #expect(error.message.contains("http://"))
        #expect(error.message.contains("loopback"))
    }

    @Test("A bad client ID is rejected", arguments: ["", "   ", "0000 1111"])
    func badClientId(clientId: String) throws {
        let error = try #require(throws: NativeAuthConfigurationError.self) {
            try NativeAuthPublicClientApplication(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB])
        }
        #expect(error.message.contains("client ID"))
    }

    @Test("Empty challenge types are rejected")
    func emptyChallengeTypes() throws {
        let error = try #require(throws: NativeAuthConfigurationError.self) {
            try NativeAuthPublicClientApplication(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [])
        }
        #expect(error.message.contains("challenge type"))
    }

    @Test("A bad tenant subdomain is rejected")
    func badSubdomain() throws {
        #expect(throws: NativeAuthConfigurationError.self) {
            try NativeAuthPublicClientApplication(clientId: clientId, tenantSubdomain: "contoso.onmicrosoft.com/x", challengeTypes: [.OOB])
        }
    }

    @Test("A short CIAM authority gets its tenant path, as MSAL does", arguments: [
        "https://contoso.ciamlogin.com", "https://contoso.ciamlogin.com/", "https://Contoso.ciamlogin.com//",
    ])
    func shortCIAMAuthority(url: String) async throws {
        let transport = MockServer.transport()
        let app = try NativeAuthPublicClientApplication(
            clientId: clientId, authority: URL(string: url)!, challengeTypes: [.OOB], transport: transport)
        #expect(app.authority.absoluteString.lowercased() == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
        _ = await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"))
        #expect(transport.requests.first?.url.absoluteString.lowercased()
            == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/initiate")
    }

    @Test("Authorities with a path, or on other hosts, are kept as they are", arguments: [
        "https://contoso.ciamlogin.com/aaaabbbb-0000-cccc-1111-dddd2222eeee", "https://login.contoso.com",
        "https://login.contoso.com/tenant", "http://127.0.0.1:8080",
    ])
    func otherAuthoritiesKept(url: String) throws {
        let app = try NativeAuthPublicClientApplication(clientId: clientId, authority: URL(string: url)!, challengeTypes: [.OOB])
        #expect(app.authority.absoluteString == url)
    }

    @Test("MSAL's configuration form: config, capabilities, redirect URI, then the application")
    func msalConfigurationForm() async throws {
        let transport = MockServer.transport()
        let config = try NativeAuthPublicClientApplicationConfig(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB, .password])
        config.capabilities = [.mfaRequired, .registrationRequired]
        config.redirectUri = "msauth.com.contoso.app://auth"
        config.transport = transport
        let nativeAuth = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
        #expect(nativeAuth.capabilities == [.mfaRequired, .registrationRequired])
        #expect(nativeAuth.redirectUri == "msauth.com.contoso.app://auth")
        #expect(nativeAuth.getNativeAuthUserAccount(correlationId: UUID()) == nil)
        _ = await nativeAuth.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"))
        let form = FormFields.dictionary(try #require(transport.requests.first).body)
        #expect(form["capabilities"] == "mfa_required registration_required")
        #expect(form["challenge_type"] == "oob password redirect")
    }

    @Test("MSAL's convenience form takes the redirect URI, and rejects one that is not an absolute URL")
    func convenienceRedirectUri() throws {
        let app = try NativeAuthPublicClientApplication(
            clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB], redirectUri: "msauth.com.contoso.app://auth")
        #expect(app.redirectUri == "msauth.com.contoso.app://auth")
        let byAuthority = try NativeAuthPublicClientApplication(
            clientId: clientId, authority: MockServer.authority, challengeTypes: [.OOB], redirectUri: "http://localhost")
        #expect(byAuthority.redirectUri == "http://localhost")
        #expect(try NativeAuthPublicClientApplication(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB]).redirectUri == nil)
        #expect(throws: NativeAuthConfigurationError.self) {
            try NativeAuthPublicClientApplication(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB], redirectUri: "not a url")
        }
    }

    @Test("A redirect URI that is not an absolute URL is rejected")
    func badRedirectUri() throws {
        let config = try NativeAuthPublicClientApplicationConfig(clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB])
        config.redirectUri = "not a url"
        #expect(throws: NativeAuthConfigurationError.self) { try NativeAuthPublicClientApplication(nativeAuthConfiguration: config) }
    }
}
