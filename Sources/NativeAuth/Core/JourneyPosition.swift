import NativeAuthShared

/// Where a V2 journey stands (docs/PROTOCOL.md §20): the latest answer, whose continuation token and
/// links the next step follows, and what the journey keeps from earlier answers. A state of a V2
/// journey holds one in its ``FlowStateCore``; a V1 state holds none.
struct JourneyPosition: Sendable {
    /// The latest answer: its continuation token and links lead on.
    let answer: HALResponse
    /// The last answer that listed methods (kept while a code is out, so that a second factor can
    /// be asked for again, or on another method, and a registration on another contact).
    let list: HALResponse?
    /// What the app gave at a sign-up's start (the username as `email`, the attributes, the
    /// password), sent when the server asks for it as an attribute (docs/PROTOCOL.md §23.2).
    let prefilled: [(String, JSONValue)]
    /// The prefilled names already sent: asked for again, they are not sent twice.
    let sentPrefilled: Set<String>

    init(_ answer: HALResponse, list: HALResponse? = nil, prefilled: [(String, JSONValue)] = [], sentPrefilled: Set<String> = []) {
        self.answer = answer
        self.list = answer.methods.isEmpty ? list : answer
        self.prefilled = prefilled
        self.sentPrefilled = sentPrefilled
    }

    /// The continuation token the next step sends.
    var continuationToken: String { answer.continuationToken ?? "" }

    /// The methods of the last list.
    var methods: [HALResponse.Method] { list?.methods ?? [] }

    /// The last list's own link to register a method with (`enroll`, or `register`).
    var enrollLink: String? { list.flatMap { $0.link("enroll") ?? $0.link("register") } }

    /// The journey moved on to `answer` (the last list kept when it lists none), with `sent` added to
    /// the prefilled names sent.
    func next(_ answer: HALResponse, sent: Set<String> = []) -> JourneyPosition {
        JourneyPosition(answer, list: list, prefilled: prefilled, sentPrefilled: sentPrefilled.union(sent))
    }

    /// The same position with other prefilled values (a sign-up state keeping what the user gave
    /// until the rest of the page is known).
    func prefilling(_ values: [(String, JSONValue)]) -> JourneyPosition {
        JourneyPosition(answer, list: list, prefilled: values, sentPrefilled: sentPrefilled)
    }
}
