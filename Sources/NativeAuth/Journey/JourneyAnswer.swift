/// What a V2 answer asks for next (docs/PROTOCOL.md §20), each with where the journey then stands.
/// The journey dispatches on `state` and `action`, never on the order of its calls: an answer may
/// come at any step, and each feature's journey says which it goes on with (the others do not fit
/// the step: ``unfit(_:in:)``).
enum JourneyAnswer: Sendable {
    /// `state: continue`: the journey is done; its continuation token (if it has one) is redeemed for tokens.
    case completed(JourneyPosition)
    /// Methods to choose from (`action: challenge`, or none, with `_embedded.methods`): a first
    /// factor's, or (`multiFactor`) a second factor's.
    case methods(JourneyPosition, secondFactor: Bool)
    /// `action: verify` for a code: one was sent.
    case codeSent(JourneyPosition, JourneyCode)
    /// `action: verify` for the password.
    case passwordRequired(JourneyPosition)
    /// `action: collectAttributes`: a sign-up's attributes (a password among them, maybe).
    case attributesRequired(JourneyPosition, [HALResponse.Attribute])
    /// `action: update`: a password reset's new password.
    case newPasswordRequired(JourneyPosition)
    /// `action: poll`: the reset is being completed; poll again.
    case polling(JourneyPosition)
    /// `action: enroll` (or `register`): a strong-authentication method to register.
    case registrationRequired(JourneyPosition)
    /// `action: activate`: a code was sent to the contact being registered.
    case activationRequired(JourneyPosition, JourneyCode)
    /// The request failed, was refused before it was sent (an href not followed), or the answer
    /// does not lead on (no continuation token, an unknown action, a missing link), as the step's
    /// table (``JourneyStep``) or the library decided.
    case failed(StepFailure)

    /// Reads `answer` (a 200 of a step) into what it asks for, the journey moving on from `position`
    /// with `sent` the prefilled names the request carried; `fallbackHint` is the chosen method's hint,
    /// for a code answer that names none. An answer that does not lead on fails with a clear
    /// sentence, never a crash.
    init(_ answer: HALResponse, from position: JourneyPosition?, sent: Set<String> = [], fallbackHint: String? = nil, context: FlowContext) {
        func next() -> JourneyPosition { position?.next(answer, sent: sent) ?? JourneyPosition(answer) }
        func unfit(_ what: String) -> JourneyAnswer { .failed(Self.unfit(what, in: context)) }
        func needs(_ relations: String...) -> String? {
            relations.contains { answer.link($0) != nil } ? nil : "the '\(answer.actionName)' answer has no '\(relations[0])' link"
        }
        if answer.state == .continue {
            // Without a token, a finished sign-up or reset hands on a sign-in that says it is not
            // available (as V1's); a sign-in fails here (``FlowContext/signedIn(after:what:)``).
            self = .completed(next())
            return
        }
        guard answer.continuationToken?.isEmpty == false else {
            self = unfit("a '\(answer.actionName)' answer without a continuation token")
            return
        }
        if case .other(let state) = answer.state {
            self = unfit("the journey state '\(state.prefix(32))' is not one the library knows")
            return
        }
        let listed = answer.methods.filter { $0.links["challenge"] != nil }
        switch answer.action {
        case nil, .challenge?:
            if !listed.isEmpty {
                self = .methods(next(), secondFactor: answer.authenticationFactor.map(HALResponse.normalized) == "multifactor")
            } else if let problem = needs("challenge") {
                self = unfit(answer.action == nil ? "an answer without an action or methods" : problem)
            } else {
                // A challenge without a list: its one method is the answer's own.
                var single = answer
                single.methods = [HALResponse.Method(id: answer.id, type: answer.type, hint: answer.hint,
                                                     links: ["challenge": answer.link("challenge")!])]
                self = .methods(position.map { JourneyPosition(single, prefilled: $0.prefilled, sentPrefilled: $0.sentPrefilled.union(sent)) }
                                    ?? JourneyPosition(single),
                                secondFactor: answer.authenticationFactor.map(HALResponse.normalized) == "multifactor")
            }
        case .verify?:
            if !listed.isEmpty, answer.link("challenge") != nil {
                // After a password, a challenge link and methods: a second factor (objc).
                self = .methods(next(), secondFactor: true)
            } else if let problem = needs("verify") {
                self = unfit(problem)
            } else if let code = JourneyCode(answer, fallbackHint: fallbackHint) {
                self = .codeSent(next(), code)
            } else {
                self = .passwordRequired(next())
            }
        case .collectAttributes?:
            if let problem = needs("submitAttributes") {
                self = unfit(problem)
            } else {
                self = .attributesRequired(next(), answer.attributes)
            }
        case .update?:
            self = needs("update", "self").map(unfit) ?? .newPasswordRequired(next())
        case .poll?:
            self = needs("poll").map(unfit) ?? .polling(next())
        case .enroll?, .register?:
            let linked = answer.link("enroll") ?? answer.link("register") != nil
                || answer.methods.contains { $0.links["enroll"] ?? $0.links["register"] != nil }
            self = linked ? .registrationRequired(next()) : unfit("the '\(answer.actionName)' answer has no 'enroll' link")
        case .activate?:
            if let problem = needs("activate") {
                self = unfit(problem)
            } else {
                self = .activationRequired(next(), JourneyCode(answer, fallbackHint: fallbackHint) ?? JourneyCode(sentTo: "", channel: NativeAuthChannelType(value: "email"), codeLength: 0))
            }
        case .riskVerify?:
            // Followed by the journey itself before the answer is read (docs/PROTOCOL.md §21.5).
            self = unfit("a risk verification answered a risk verification")
        case .other(let action)?:
            self = unfit("the action '\(action.prefix(32))' is not one the library knows")
        }
    }

    /// An answer that does not fit the step: a general error, after which no state is handed back.
    static func unfit(_ what: String, in context: FlowContext) -> StepFailure {
        StepFailure(details: FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId), handsBack: false)
    }
}

/// Where a code went, as a V2 answer says (`hint`, `type`, `codeLength`).
struct JourneyCode: Sendable, Equatable {
    let sentTo: String
    let channel: NativeAuthChannelType
    /// The code's length; 0 when the server did not say (V2 may leave it out: docs/PROTOCOL.md §21.3).
    let codeLength: Int

    init(sentTo: String, channel: NativeAuthChannelType, codeLength: Int) {
        self.sentTo = sentTo
        self.channel = channel
        self.codeLength = codeLength
    }

    /// The code of a `verify` or `activate` answer, or nil when the answer asks for a password: a
    /// code answer has a code length, a hint, or a type other than `password` (objc tells them apart
    /// so). `fallbackHint` is the chosen method's, for an answer that names none.
    init?(_ answer: HALResponse, fallbackHint: String?) {
        let type = answer.type.map(HALResponse.normalized)
        if type == "password" { return nil }
        guard answer.codeLength != nil || answer.hint != nil || (type != nil && type != "password") else { return nil }
        let hint = answer.hint ?? fallbackHint ?? ""
        sentTo = hint.count <= ChallengeAnswer.maximumTargetLength ? hint : ""
        channel = NativeAuthChannelType(value: answer.type ?? "email")
        codeLength = answer.codeLength.map { (1...ChallengeAnswer.maximumCodeLength).contains($0) ? $0 : 0 } ?? 0
    }
}

extension HALResponse {
    /// The answer's action as sent, for sentences.
    var actionName: String {
        switch action {
        case nil: "unnamed"
        case .other(let name)?: String(name.prefix(32))
        case let known?: "\(known)"
        }
    }
}
