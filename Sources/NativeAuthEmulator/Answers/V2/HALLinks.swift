/// One HAL link: `{"href"}`.
struct HALLink: Encodable, Sendable, Equatable {
    let href: String
}

/// A V2 answer's `_links` (or an embedded method's): the relations the client follows next, each
/// present only where the step offers it.
struct HALLinks: Encodable, Sendable, Equatable {
    var challenge: HALLink? = nil
    var verify: HALLink? = nil
    var resend: HALLink? = nil
    var enroll: HALLink? = nil
    var activate: HALLink? = nil
    var submitAttributes: HALLink? = nil
    var update: HALLink? = nil
    var poll: HALLink? = nil
    var `continue`: HALLink? = nil
}

/// The `state` of a V2 answer.
enum HALState: String, Encodable, Sendable {
    /// The client must act: the answer's `action` says how.
    case interactionRequired
    /// The journey is done: resume at `authorize-challenge` with the continuation token.
    case `continue`
    /// The native API cannot go on: sign in in the browser.
    case webFallbackRequired
}
