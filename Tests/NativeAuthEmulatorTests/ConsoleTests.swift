import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 34, item 6, at the HTTP level (the browser test drives the pages themselves): the console
/// is behind the admin token, its cookie is HttpOnly and SameSite=Strict, its forms carry a value a
/// page of another site cannot know, and its pages have the sign-in pages' Content-Security-Policy.
@Suite("The console's doors")
struct ConsoleTests {
    static func cookie(of answer: HTTPResult) -> String? {
        answer.header("Set-Cookie")?.split(separator: ";").first.map(String.init)
    }

    /// A `Cookie` header of a browser signed in to the console an hour ago.
    static var signedIn: String {
        "\(ConsoleSession.cookieName)=\(ConsoleSession.cookieValue(token: EmulatorClient.adminToken, expires: Date().timeIntervalSince1970 + 11 * 3600))"
    }

    @Test func theConsoleOpensOnlyWithTheAdminToken() async throws {
        try await withEmulator { client in
            let console = client.emulator.baseURL.appendingPathComponent("_emulator/console")
            let closed = try await client.raw(method: "GET", url: console.appendingPathComponent("users"), body: nil, headers: [:])
            #expect(closed.status == 303 && closed.header("Location") == "/_emulator/console/login")
            let wrong = try await client.raw(method: "POST", url: console.appendingPathComponent("login"),
                                             body: Data("token=nope".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(wrong.status == 401 && wrong.header("Set-Cookie") == nil)
            let right = try await client.raw(method: "POST", url: console.appendingPathComponent("login"),
                                             body: Data("token=\(EmulatorClient.adminToken)".utf8),
                                             headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(right.status == 303)
            let setCookie = try #require(right.header("Set-Cookie"))
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/_emulator/console"))
            #expect(!setCookie.contains(EmulatorClient.adminToken))
            let cookie = try #require(Self.cookie(of: right))
            let page = try await client.raw(method: "GET", url: console.appendingPathComponent("users"), body: nil, headers: ["Cookie": cookie])
            #expect(page.status == 200)
            #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
            #expect(page.header("X-Frame-Options") == "DENY")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("alice@example.com") && !html.contains("<script"))
            // The cookie opens the console, not the JSON admin API.
            let api = try await client.raw(method: "GET", url: client.emulator.baseURL.appendingPathComponent("_emulator/users"),
                                           body: nil, headers: ["Cookie": cookie])
            #expect(api.status == 401)
        }
    }

    @Test func aFormWithoutTheConsolesValueIsRefused() async throws {
        try await withEmulator { client in
            let console = client.emulator.baseURL.appendingPathComponent("_emulator/console")
            let cookie = Self.signedIn
            let form = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie]
            let forged = try await client.raw(method: "POST", url: console.appendingPathComponent("users/disabled"),
                                              body: Data("username=alice%40example.com&disabled=true".utf8), headers: form)
            #expect(forged.status == 403)
            #expect(try await client.signInOTP().status == 200)
            let csrf = ConsoleSession.csrfValue(token: EmulatorClient.adminToken)
            let real = try await client.raw(method: "POST", url: console.appendingPathComponent("users/disabled"),
                                            body: Data("csrf=\(csrf)&username=alice%40example.com&disabled=true".utf8), headers: form)
            #expect(real.status == 303)
            ProtocolErrorTests.expectError(try await client.initiate("alice@example.com"), "invalid_grant", 50057)
        }
    }

    @Test func addingAUserWithSpacesAroundAnExistingNameIsRefusedAndReplacesNothing() async throws {
        try await withEmulator { client in
            let console = client.emulator.baseURL.appendingPathComponent("_emulator/console")
            let cookie = Self.signedIn
            let form = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie]
            let csrf = ConsoleSession.csrfValue(token: EmulatorClient.adminToken)
            let before = try await client.admin("GET", "users").body
            let added = try await client.raw(method: "POST", url: console.appendingPathComponent("users"),
                                             body: Data("csrf=\(csrf)&username=%20mfauser%40example.com%20&method=otp".utf8), headers: form)
            #expect(added.status == 400)
            #expect(String(decoding: added.body, as: UTF8.self).contains("there is a user mfauser@example.com already"))
            #expect(try await client.admin("GET", "users").body == before)
            // A new name with spaces around it is added under the name without them.
            let fresh = try await client.raw(method: "POST", url: console.appendingPathComponent("users"),
                                             body: Data("csrf=\(csrf)&username=%20erin%40example.com&method=otp".utf8), headers: form)
            #expect(fresh.status == 303)
            #expect(try await client.signInOTP("erin@example.com").status == 200)
        }
    }

    @Test func aPostThatIsNotAFormIsAConsolePage() async throws {
        try await withEmulator { client in
            let console = client.emulator.baseURL.appendingPathComponent("_emulator/console")
            let cookie = Self.signedIn
            let csrf = ConsoleSession.csrfValue(token: EmulatorClient.adminToken)
            let json = ("application/json", #"{"csrf":"\#(csrf)","username":"erin@example.com"}"#)
            let twice = ("application/x-www-form-urlencoded", "csrf=\(csrf)&csrf=\(csrf)&username=erin%40example.com&method=otp")
            for (path, (contentType, body)) in [("users", json), ("users", twice), ("login", json)] {
                let answer = try await client.raw(method: "POST", url: console.appendingPathComponent(path), body: Data(body.utf8),
                                                  headers: ["Content-Type": contentType, "Cookie": cookie])
                #expect(answer.status == 400, "\(path) \(contentType)")
                #expect(answer.header("Content-Type")?.hasPrefix("text/html") == true, "\(path) \(contentType)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("AADSTS"))
            }
            #expect(try await client.initiate("erin@example.com").string("error") == "user_not_found")
        }
    }

    @Test func theCookieLastsTwelveHoursAndCarriesItsExpirySigned() throws {
        let token = EmulatorClient.adminToken
        let now = 1_800_000_000.0
        let setCookie = ConsoleSession.setCookie(token: token, secure: false, now: now)
        #expect(setCookie.contains("Max-Age=43200") && !setCookie.contains("Secure"))
        #expect(ConsoleSession.setCookie(token: token, secure: true, now: now).hasSuffix("; Secure"))
        let value = try #require(setCookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init))
        #expect(value.hasPrefix("\(Int(now) + 43200)."))
        #expect(ConsoleSession.isValid(value, token: token, now: now))
        #expect(ConsoleSession.isValid(value, token: token, now: now + 43199))
        #expect(!ConsoleSession.isValid(value, token: token, now: now + 43200))
        #expect(!ConsoleSession.isValid(value, token: "another-token-0123456789", now: now))
        // Its expiry cannot be moved without the token, and none lasts beyond one lifetime.
        let moved = "\(Int(now) + 86400)." + value.split(separator: ".")[1]
        #expect(!ConsoleSession.isValid(moved, token: token, now: now))
        let long = ConsoleSession.cookieValue(token: token, expires: now + 86400)
        #expect(!ConsoleSession.isValid(long, token: token, now: now))
        #expect(!ConsoleSession.isValid("9223372036854775807.x", token: token, now: now))
        #expect(!ConsoleSession.isValid("-9223372036854775808.x", token: token, now: now))
        #expect(!ConsoleSession.isValid(ConsoleSession.cookieValue(token: token, expires: .infinity), token: token, now: now))
    }

    @Test func theCookieIsSecureOnlyWhenTheEmulatorServesHTTPS() async throws {
        for tls in [false, true] {
            try await withEmulator({ $0.tls = tls }) { client in
                let login = try await client.raw(method: "POST", url: client.emulator.baseURL.appendingPathComponent("_emulator/console/login"),
                                                 body: Data("token=\(EmulatorClient.adminToken)".utf8),
                                                 headers: ["Content-Type": "application/x-www-form-urlencoded"])
                let setCookie = try #require(login.header("Set-Cookie"))
                #expect(setCookie.contains("; Secure") == tls, "\(setCookie)")
                #expect(setCookie.contains("Max-Age=43200"), "\(setCookie)")
            }
        }
    }

    @Test func anExpiredCookieIsSentToTheLoginPage() async throws {
        try await withEmulator { client in
            let users = client.emulator.baseURL.appendingPathComponent("_emulator/console/users")
            let expired = ConsoleSession.cookieValue(token: EmulatorClient.adminToken, expires: Date().timeIntervalSince1970 - 1)
            let refused = try await client.raw(method: "GET", url: users, body: nil, headers: ["Cookie": "\(ConsoleSession.cookieName)=\(expired)"])
            #expect(refused.status == 303 && refused.header("Location") == ConsoleSession.loginPath)
            #expect(try await client.raw(method: "GET", url: users, body: nil, headers: ["Cookie": Self.signedIn]).status == 200)
        }
    }

    @Test("A disabled account gets no token by any path: a V1 flow or a V2 journey started before, and no new V2 journey")
    func aDisabledAccountGetsNoTokenByAnyPath() async throws {
        try await withEmulator { client in
            let v1Flow = try await client.startOTP()
            let v2Done = try await client.follow(try await client.v2CodeRequested(), "verify", ["otp": "12345678"])
            let v2Code = try #require(try await client.v2Resume(v2Done).string("code"))
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"alice@example.com","method":"otp","disabled":true}]}"#)

            ProtocolErrorTests.expectError(try await client.submitCode(v1Flow, code: "12345678"), "invalid_grant", 50057)
            ProtocolErrorTests.expectError(try await client.v2Token(v2Code), "invalid_grant", 50057)
            let v2Start = try await client.v2Start("sign_in", ["username": "alice@example.com"])
            #expect(v2Start.status == 400 && v2Start.embeddedMethods.isEmpty, "\(v2Start.json)")
            #expect(v2Start.halError.message?.contains("disabled") == true, "\(v2Start.json)")
        }
    }

    @Test func aDisabledUsersRefreshTokenIsRefused() async throws {
        try await withEmulator { client in
            let refresh = try #require(try await client.signInOTP().string("refresh_token"))
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"alice@example.com","method":"otp","disabled":true}]}"#)
            ProtocolErrorTests.expectError(try await client.refresh(refresh), "invalid_grant", 50057)
        }
    }
}
