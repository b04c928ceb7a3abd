/// A flow state sealed by ``FlowStateSealer``: opaque text to keep wherever the app keeps its
/// sessions (never in the browser's reach is best, though it is encrypted and authenticated), and
/// to give back to ``FlowStateSealer/open(_:in:)`` in any process holding the key.
///
/// The text is `na1.<key ID>.<base64url>`: the format, the ID of the key that sealed it, and the
/// AES-GCM nonce, ciphertext and tag. It says nothing of the flow to whoever reads it.
public struct SealedFlowState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sealed text.
    public let text: String

    /// A sealed value from its text, as it was stored.
    public init(_ text: String) {
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}
