/// `{"challenge_type": "redirect", "redirect_reason"}`: the 200 answer that sends the app to the
/// browser (docs/PROTOCOL.md §4). A grant or the sign-in's challenge that decides it deep inside
/// throws it, and the token or challenge endpoint answers it (``catching(_:)``).
struct RedirectAnswer: ProtocolAnswer, Error {
    let challengeType = "redirect"
    /// Why the native API cannot go on (the emulator always says).
    let reason: String

    init(reason: String) {
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case challengeType = "challenge_type"
        case reason = "redirect_reason"
    }

    /// `body()`'s answer, or the redirect it threw.
    static func catching(_ body: () throws -> any ProtocolAnswer) throws -> any ProtocolAnswer {
        do {
            return try body()
        } catch let redirect as RedirectAnswer {
            return redirect
        }
    }
}
