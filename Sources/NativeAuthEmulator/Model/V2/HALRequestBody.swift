import Foundation
import NativeAuthShared

/// The JSON body of a V2 step (`POST`/`PUT` to an `/api/…` href): `continuationToken` and the one
/// member the step takes (`username`, `password`, `otp`, `code`, `newPassword`, `target`,
/// `attributes`). Members are camelCase; `continuation_token` is taken for `continuationToken` too
/// (the SDKs read both in answers). Unknown members are ignored; a member of the wrong type, or a
/// body that is not a JSON object, is a malformed request.
struct HALRequestBody: Sendable {
    var continuationToken: String?
    var username: String?
    var password: String?
    var otp: String?
    var code: String?
    var newPassword: String?
    var target: String?
    /// The attributes a sign-up page submits (sorted by name: JSON decoding does not keep their order).
    var attributes: [(String, JSONValue)]?
    /// Every member as a log field (the request log redacts the secret ones), sorted by name.
    let fields: [(String, String)]

    /// The string members a step may carry.
    private static let stringMembers: Set<String> = ["continuationToken", "continuation_token", "username", "password", "otp", "code",
                                                     "newPassword", "target"]

    /// An empty body (the request of an endpoint that reads a form).
    init() {
        fields = []
    }

    /// Reads `data`; throws a description of what is wrong.
    init(parsing data: Data) throws(ParseError) {
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw ParseError(description: "the body must be a JSON object")
        }
        var fields: [(String, String)] = []
        for (name, value) in members {
            if Self.stringMembers.contains(name) {
                guard case .string(let text) = value else { throw ParseError(description: "the member '\(name.prefix(64))' must be a string") }
                fields.append((name, text))
                switch name {
                case "continuationToken": continuationToken = text
                case "continuation_token": continuationToken = continuationToken ?? text
                case "username": username = text
                case "password": password = text
                case "otp": otp = text
                case "code": code = text
                case "newPassword": newPassword = text
                default: target = text
                }
            } else if name == "attributes" {
                guard case .object(let values) = value else { throw ParseError(description: "the member 'attributes' must be a JSON object") }
                attributes = values
                fields.append((name, value.serialized()))
            } else {
                fields.append((name, value.serialized()))
            }
        }
        self.fields = fields
    }

    /// What is wrong with a body.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// The value of a string member, trimmed of spaces and tabs, or nil when absent or empty.
    static func nonEmpty(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        return trimmed.isEmpty ? nil : trimmed
    }
}
