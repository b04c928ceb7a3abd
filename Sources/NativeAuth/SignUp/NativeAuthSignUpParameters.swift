#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``NativeAuthPublicClientApplication/signUp(parameters:)`` needs to start a sign-up.
///
/// A class, so it can be built up step by step as in MSAL's tutorials:
/// ```swift
/// let parameters = NativeAuthSignUpParameters(username: email)
/// parameters.password = password          // only for email + password sign-up
/// parameters.attributes = ["displayName": "Carol", "city": "Dublin"]
/// ```
public final class NativeAuthSignUpParameters: Sendable {
    struct Values: Sendable {
        var username: String
        var password: String?
        var attributes: SignUpAttributes?
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters for `username` (the new user's email address).
    public init(username: String) {
        values = LockedValues(Values(username: username))
    }

    /// The new user's email address.
    public var username: String {
        get { values[\.username] }
        set { values[\.username] = newValue }
    }

    /// The password, for email + password sign-up; sent with the start so the server does not ask
    /// for it later. Leave it nil to submit it on ``SignUpPasswordRequiredState`` when asked.
    public var password: String? {
        get { values[\.password] }
        set { values[\.password] = newValue }
    }

    /// User attributes sent with the start, keyed by programmatic name (`displayName`, `city`,
    /// `extension_<app id>_<name>`, …).
    ///
    /// The values are converted to JSON when set. A value that is not of a JSON type (String, a
    /// number, Bool, NSNull, or arrays and `[String: Any]` dictionaries of them), or more than 64
    /// attributes, makes the start fail locally with ``SignUpStartError/isInvalidAttributes`` and
    /// nothing sent. Reading the property back gives the JSON form of the values that converted:
    /// numbers as `Int` or `Double`, a null as a member whose value is `nil`.
    public var attributes: [String: Any]? {
        get { values[\.attributes]?.dictionary }
        set { values[\.attributes] = newValue.map(SignUpAttributes.init) }
    }

    /// The correlation ID of the flow; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { values.snapshot }
}
