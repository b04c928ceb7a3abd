/// Where a code was sent, as the server names the channel (`email`, `sms`, …).
public struct NativeAuthChannelType: Sendable, Hashable, CustomStringConvertible {
    /// The channel as the server sent it.
    public let value: String

    /// Creates a channel type from the server's value.
    public init(value: String) { self.value = value }

    /// The code went to an email address.
    public var isEmailType: Bool { value.lowercased() == "email" }
    /// The code went to a phone by SMS.
    public var isSMSType: Bool { value.lowercased() == "sms" }

    public var description: String { value }
}
