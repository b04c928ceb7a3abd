#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A V2 error answer, from either envelope (docs/PROTOCOL.md, part V2): the flat OAuth one of
/// `authorize-challenge` and `/token` (`{"error": "invalid_grant", "error_description", "error_codes",
/// "correlation_id", …}`) or the nested one of the `/api/…` steps (`{"error": {"code": "invalidGrant",
/// "message", "correlationId", "innerError": {"code": "invalid_oob_value"}}}`). Codes are compared
/// without regard to case or underscores (``matches(_:)``: the preview has sent both spellings);
/// AADSTS numbers come from `error_codes` or, when there are none, from the message text.
struct V2ServerError: Decodable, Sendable, Equatable {
    /// The outer code (`error`, or `error.code`).
    var code: String
    /// The inner code (`error.innerError.code`), when there is one.
    var innerCode: String?
    /// The server's description.
    var message: String?
    /// The AADSTS numbers.
    var errorCodes: [Int]
    /// The server's correlation ID, when it sent one.
    var correlationId: String?
    /// The attributes a sign-up's refusal names (`invalidAttributes` or `invalid_attributes`: names,
    /// or objects with a `name` or `attributeId`), in the error object or beside it.
    var invalidAttributes: [String] = []

    init(code: String, innerCode: String? = nil, message: String? = nil, errorCodes: [Int] = [], correlationId: String? = nil) {
        self.code = code
        self.innerCode = innerCode
        self.message = message
        self.errorCodes = errorCodes
        self.correlationId = correlationId
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        if let flat = object.string("error") {
            code = flat
            message = object.string("error_description") ?? object.string("message")
            innerCode = object.string("suberror")
            correlationId = object.string("correlation_id") ?? object.string("correlationId")
            errorCodes = (try? object.decodeIfPresent([Int].self, forKey: AnyKey("error_codes"))) ?? []
        } else {
            let nested = try object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("error"))
            guard let outer = nested.string("code") else {
                throw DecodingError.dataCorruptedError(forKey: AnyKey("code"), in: nested, debugDescription: "an error without a code")
            }
            code = outer
            message = nested.string("message")
            innerCode = (try? nested.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("innerError")))?.string("code")
            correlationId = nested.string("correlationId") ?? nested.string("correlation_id")
            errorCodes = []
            invalidAttributes = Self.attributeNames(in: nested)
        }
        if invalidAttributes.isEmpty { invalidAttributes = Self.attributeNames(in: object) }
        if errorCodes.isEmpty, let message { errorCodes = Self.aadstsNumbers(in: message) }
    }

    /// Whether the outer or the inner code is `name`, whatever its case and underscores.
    func matches(_ name: String) -> Bool {
        let wanted = HALResponse.normalized(name)
        return HALResponse.normalized(code) == wanted || innerCode.map(HALResponse.normalized) == wanted
    }

    /// The attribute names listed under `invalidAttributes` or `invalid_attributes` in `object`.
    private static func attributeNames(in object: KeyedDecodingContainer<AnyKey>) -> [String] {
        for key in ["invalidAttributes", "invalid_attributes"] {
            guard var list = try? object.nestedUnkeyedContainer(forKey: AnyKey(key)) else { continue }
            var names: [String] = []
            while !list.isAtEnd {
                if let name = try? list.decode(String.self) {
                    names.append(name)
                } else if let entry = try? list.nestedContainer(keyedBy: AnyKey.self),
                          let name = entry.string("name") ?? entry.string("attributeId") {
                    names.append(name)
                } else {
                    _ = try? list.decode(JSONSkip.self)
                }
            }
            return names
        }
        return []
    }

    /// The numbers after each `AADSTS` in `text`, in order, each once.
    static func aadstsNumbers(in text: String) -> [Int] {
        var numbers: [Int] = []
        for match in text.matches(of: /AADSTS([0-9]{1,9})/) {
            if let number = Int(match.1), !numbers.contains(number) { numbers.append(number) }
        }
        return numbers
    }
}
