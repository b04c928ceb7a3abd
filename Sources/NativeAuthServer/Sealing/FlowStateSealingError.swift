/// Why a sealed flow state could not be sealed or opened. Never a crash: whatever text comes back
/// from a session store or a cookie, opening it answers a state or one of these.
public struct FlowStateSealingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: String, Sendable, Equatable {
        /// The text is not a sealed state of this library (wrong shape, not base64url, too short).
        case malformed
        /// No key with the value's key ID is known here: a key rotated out, or another
        /// application's value.
        case unknownKey
        /// The value does not open with its key: it was changed, or sealed with another key of the
        /// same ID.
        case tampered
        /// The value belongs to another application (another client ID), or to another partition
        /// of the token store (another user's; see `NativeAuthPublicClientApplication.partition(_:of:)`).
        case foreign
        /// The value's lifetime is over.
        case expired
        /// The value was opened before: a state is resumed once (a replayed old copy).
        case alreadyUsed
        /// The value was sealed by a newer version of the library (its payload version is unknown).
        case unsupportedVersion
        /// The value holds another step than the type asked for.
        case unexpectedStep
        /// The record of opened values could not be reached, so the value was not opened.
        case ledgerUnavailable
    }

    /// What went wrong.
    public let reason: Reason
    /// A sentence for logs and people (it never quotes the value).
    public let message: String

    init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
