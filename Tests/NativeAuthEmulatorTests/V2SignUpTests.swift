import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("API V2: sign-up")
struct V2SignUpTests {
    @Test("Sign-up with attributes over two pages: the first before the code, the required rest after it")
    func attributesOverTwoPages() async throws {
        try await withEmulator { client in
            let started = try await client.v2Start("sign_up", ["username": "newcomer@example.com"])
            #expect(started.status == 200)
            #expect(started.string("action") == "collectAttributes")
            let firstPage = try #require(started.json["attributes"] as? [[String: Any]])
            #expect(firstPage.map { $0["attributeId"] as? String } == ["email", "password", "displayName", "city"])
            #expect(firstPage.map { $0["required"] as? Bool } == [true, false, false, false])
            #expect(started.link("submitAttributes") == "/\(client.emulator.core.tenantDomain)/api/v2.0/signup/attributes")

            let coded = try await client.follow(started, "submitAttributes",
                                                ["attributes": ["email": "newcomer@example.com", "city": "Dublin"]])
            #expect(coded.string("action") == "verify")
            #expect(coded.string("type") == "email")
            #expect(coded.string("hint") == EmailMasking.mask("newcomer@example.com"))
            #expect(try client.emulator.latestCode(for: "newcomer@example.com") == "12345678")
            #expect(try await client.users()["newcomer@example.com"] == nil, "no user before the journey ends")

            let secondPage = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(secondPage.string("action") == "collectAttributes")
            let asked = try #require(secondPage.json["attributes"] as? [[String: Any]])
            #expect(asked.map { $0["attributeId"] as? String } == ["displayName"])
            #expect(asked.first?["required"] as? Bool == true)

            let done = try await client.follow(secondPage, "submitAttributes", ["attributes": ["displayName": "New Comer"]])
            #expect(done.string("state") == "continue")
            let user = try #require(try await client.users()["newcomer@example.com"])
            #expect(user["method"] as? String == "otp")
            #expect(user["displayName"] as? String == "New Comer")
            #expect((user["attributes"] as? [String: Any])?["city"] as? String == "Dublin")
            let tokens = try await client.v2Complete(done)
            #expect(tokens.status == 200)
            #expect(try JWT(try #require(tokens.string("id_token"))).claims["name"] as? String == "New Comer")
        }
    }

    @Test("A start without the username takes the address from the first page; a password there makes a password account")
    func passwordAccountWithoutUsername() async throws {
        try await withEmulator { client in
            let started = try await client.v2Start("sign_up", [:])
            let coded = try await client.follow(started, "submitAttributes", [
                "attributes": ["email": "pat@example.com", "password": "Str0ng-Passw0rd", "displayName": "Pat"],
            ])
            #expect(coded.string("action") == "verify")
            let done = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(done.string("state") == "continue")
            #expect(try await client.users()["pat@example.com"]?["method"] as? String == "password")
            // The new account signs in with its password over V1.
            let tokens = try await client.passwordGrant("pat@example.com", capabilities: nil, password: "Str0ng-Passw0rd")
            #expect(tokens.status == 200)
            // The request log (and so the console) never shows the password given among the attributes.
            let log = try await client.admin("GET", "requests")
            let logged = String(decoding: try JSONSerialization.data(withJSONObject: log.json), as: UTF8.self)
            #expect(!logged.contains("Str0ng-Passw0rd"), "\(logged)")
            let page = try #require((log.json["requests"] as? [[String: Any]])?.first { ($0["path"] as? String)?.hasSuffix("/signup/attributes") == true })
            let attributes = try #require((page["fields"] as? [String: String])?["attributes"])
            #expect(attributes.contains("pat@example.com") && attributes.contains(#""password":"<redacted>""#), "\(attributes)")
        }
    }

    @Test("Refusals on a page keep the token: a weak password, refused attribute values, an address with an account")
    func refusals() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": [{"name": "postalCode", "required": true, "regex": "[1-9][0-9]{4}"}]}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let existing = try await client.v2Start("sign_up", ["username": "bob@example.com"])
            #expect(existing.halError.code == "userAlreadyExists")

            let started = try await client.v2Start("sign_up", ["username": "quinn@example.com"])
            let page = try #require(started.json["attributes"] as? [[String: Any]])
            #expect(page.first { $0["attributeId"] as? String == "postalCode" }?["validationRegex"] as? String == "[1-9][0-9]{4}")
            let weak = try await client.follow(started, "submitAttributes", ["attributes": ["password": "weakweak"]])
            #expect(weak.status == 400)
            #expect(weak.halError.code == "invalidGrant")
            #expect(weak.halError.inner == "passwordTooWeak")
            let refused = try await client.follow(started, "submitAttributes", ["attributes": ["postalCode": "01234"]])
            #expect(refused.halError.code == "invalidAttributes")
            #expect(refused.halError.message?.contains("postalCode") == true)
            #expect((refused.json["error"] as? [String: Any])?["invalidAttributes"] as? [String] == ["postalCode"])
            // The password sign-up without a password: asked for after the code, on a page of its own.
            let coded = try await client.follow(started, "submitAttributes", ["attributes": ["postalCode": "98052"]])
            let passwordPage = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect((passwordPage.json["attributes"] as? [[String: Any]])?.map { $0["attributeId"] as? String } == ["password"])
            let done = try await client.follow(passwordPage, "submitAttributes", ["attributes": ["password": "Str0ng-Passw0rd"]])
            #expect(done.string("state") == "continue")
        }
    }

    @Test("A V1 sign-up, then a V2 sign-in of the new account")
    func v1SignUpThenV2SignIn() async throws {
        try await withEmulator { client in
            let token = try await client.signUpToCode("crossover@example.com")
            let verified = try await client.signUpContinue(token, "oob", "12345678")
            let attributes = try await client.signUpContinue(try #require(verified.string("continuation_token")), "attributes",
                                                             #"{"displayName":"Cross Over"}"#)
            #expect(attributes.status == 200)

            let challenged = try await client.v2CodeRequested("crossover@example.com")
            let done = try await client.follow(challenged, "verify", ["otp": "12345678"])
            let tokens = try await client.v2Complete(done)
            #expect(tokens.status == 200)
            #expect(try JWT(try #require(tokens.string("id_token"))).claims["name"] as? String == "Cross Over")
        }
    }

    @Test("With v2AttributesBeforeCode, the sources' order: the credentials, the attributes, then the code and the account")
    func attributesBeforeCode() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "v2AttributesBeforeCode": true}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let started = try await client.v2Start("sign_up", ["username": "early@example.com"])
            let credentials = try #require(started.json["attributes"] as? [[String: Any]])
            #expect(credentials.map { $0["attributeId"] as? String } == ["email", "password"])
            #expect(credentials.map { $0["required"] as? Bool } == [true, true])
            let attributes = try await client.follow(started, "submitAttributes",
                                                     ["attributes": ["email": "early@example.com", "password": "Str0ng-Passw0rd"]])
            let asked = try #require(attributes.json["attributes"] as? [[String: Any]])
            #expect(asked.map { $0["attributeId"] as? String } == ["displayName", "city"])
            #expect(asked.map { $0["required"] as? Bool } == [true, false])
            let again = try await client.follow(attributes, "submitAttributes", ["attributes": ["city": "Cork"]])
            #expect((again.json["attributes"] as? [[String: Any]])?.map { $0["attributeId"] as? String } == ["displayName"])
            let coded = try await client.follow(again, "submitAttributes", ["attributes": ["displayName": "Early Bird"]])
            #expect(coded.string("action") == "verify")
            let done = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(done.string("state") == "continue")
            let user = try #require(try await client.users()["early@example.com"])
            #expect(user["method"] as? String == "password")
            #expect((user["attributes"] as? [String: Any])?["city"] as? String == "Cork")
        }
    }
}
