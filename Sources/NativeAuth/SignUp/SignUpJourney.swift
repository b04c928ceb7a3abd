import NativeAuthShared

/// The sign-up over V2 (docs/PROTOCOL.md §23), behind the same states as ``SignUpFlow``: the entry's
/// `sign_up` link with the username; then the server asks for attributes (`collectAttributes`, a
/// password among them for a password sign-up), sends a code to verify the address (`verify`), and
/// may ask for more attributes after it, until `continue`, whose token signs the new user in
/// (``SignInAfterSignUpState``).
///
/// What the app gave to the start (the username, as `email`; the attributes; the password) is sent
/// when the server asks for it, as objc does, so the app's code is V1's: a page that asks only for
/// known values is submitted at once. A page that asks for more before the address is verified
/// fails the start (V1's start takes everything at once: give it there); after the code, it is the
/// password state (when the password is what is missing) or the attributes state. What each
/// failure comes to is ``JourneyStep``'s table.
enum SignUpJourney: SignUpSteps {
    /// The most pages of attributes one step follows before it gives up.
    static let maximumPages = 8

    // MARK: Start

    static func start(_ parameters: NativeAuthSignUpParameters, environment: ApplicationEnvironment) async -> SignUpStartResult {
        let prepared: SignUpFlow.Prepared
        switch SignUpFlow.prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let value): prepared = value
        }
        let username = prepared.context.username
        var prefilled: [(String, JSONValue)] = [("email", .string(username))]
        for (name, value) in prepared.attributes?.members ?? [] {
            prefilled.removeAll { $0.0 == name }
            prefilled.append((name, value))
        }
        if let password = prepared.password { prefilled.append(("password", .string(password))) }
        let (answer, context) = await prepared.context.enterJourney("sign_up", [("username", .string(username))], step: .signUpStart,
                                                                    prefilled: prefilled)
        switch await progress(answer, context: context, verified: false, step: .signUpStart) {
        case .codeSent(let core, let code):
            return .codeRequired(newState: SignUpCodeRequiredState(core: core), sentTo: code.sentTo, channelTargetType: code.channel,
                                 codeLength: code.codeLength)
        case .attributesInvalid(let names, _):
            return .attributesInvalid(attributeNames: names)
        case .failed(let failure):
            return .error(SignUpStartError(failure.details))
        case .completed, .passwordRequired, .attributesRequired:
            return .error(SignUpStartError(JourneyAnswer.unfit("the server did not send a code to verify the address", in: context).details))
        }
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignUpVerifyCodeResult, VerifyCodeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let (answer, context) = await core.follow("verify", sending: "otp", checked.value, step: .verifyCode)
        switch await progress(answer, context: context, verified: true, step: .attributes) {
        case .completed(let state): return .advanced(.completed(state))
        case .passwordRequired(let state): return .advanced(.passwordRequired(newState: state))
        case .attributesRequired(let attributes, let state): return .advanced(.attributesRequired(attributes: attributes, newState: state))
        case .failed(let failure), .attributesInvalid(_, let failure): return .failed(failure)
        case .codeSent:
            return .advanced(.error(VerifyCodeError(JourneyAnswer.unfit("the server sent another code in answer to a code", in: context).details),
                                    newState: nil))
        }
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignUpResendCodeResult, ResendCodeError> {
        switch await core.resendJourneyCode() {
        case .success(let (next, code)):
            return .advanced(.codeRequired(newState: SignUpCodeRequiredState(core: next), sentTo: code.sentTo, channelTargetType: code.channel,
                                           codeLength: code.codeLength))
        case .failure(let failure):
            return .failed(failure)
        }
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignUpPasswordRequiredResult, PasswordRequiredError> {
        if let problem = LocalInput.password(password).problem {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, problem, correlationId: core.correlationId)))
        }
        switch await submitPage(given: [("password", .string(password))], on: core) {
        case .completed(let state): return .advanced(.completed(state))
        case .attributesRequired(let attributes, let state): return .advanced(.attributesRequired(attributes: attributes, newState: state))
        case .failed(let failure), .attributesInvalid(_, let failure): return .failed(failure)
        case .codeSent, .passwordRequired:
            return .advanced(.error(PasswordRequiredError(JourneyAnswer.unfit(
                "the answer to the password is not an account, a request for attributes or a refusal", in: core.context).details), newState: nil))
        }
    }

    static func submitAttributes(_ attributes: SignUpAttributes, on core: FlowStateCore, state: SignUpAttributesRequiredState)
        async -> StepOutcome<SignUpAttributesRequiredResult, AttributesRequiredError>
    {
        if let problem = attributes.problem {
            return .retry(AttributesRequiredError(FlowErrorMapping.local(.invalidAttributes, problem + " Nothing was sent.",
                                                                         correlationId: core.correlationId)))
        }
        switch await submitPage(given: attributes.members, on: core) {
        case .completed(let next): return .advanced(.completed(next))
        case .attributesRequired(let required, let next): return .advanced(.attributesRequired(attributes: required, newState: next))
        case .attributesInvalid(let names, _):
            // The same state (and token) goes back, to submit other values on.
            return .handedBack(.attributesInvalid(attributeNames: names, newState: state))
        case .failed(let failure): return .failed(failure)
        case .codeSent, .passwordRequired:
            return .advanced(.error(AttributesRequiredError(JourneyAnswer.unfit(
                "the answer to the attributes is not an account, a request for attributes or a refusal", in: core.context).details), newState: nil))
        }
    }

    // MARK: Pages of attributes

    /// Where a sign-up's answer leads, once the pages it can fill from what the app gave are sent.
    enum Progress {
        case codeSent(FlowStateCore, JourneyCode)
        case completed(SignInAfterSignUpState)
        case passwordRequired(SignUpPasswordRequiredState)
        case attributesRequired([NativeAuthRequiredAttribute], SignUpAttributesRequiredState)
        /// The server refused these attributes' values (the failure says how).
        case attributesInvalid([String], StepFailure)
        case failed(StepFailure)
    }

    /// Follows a sign-up's answers: a page of attributes whose required ones are all known is sent
    /// (at `step`), as many times as the server asks (at most ``maximumPages``); any other answer
    /// ends the walk. `verified` says whether the address was verified: before, a page that asks for
    /// what the app did not give fails; after, it is a state to give it on.
    private static func progress(_ first: JourneyAnswer, context initial: FlowContext, verified: Bool, step: JourneyStep) async -> Progress {
        var (answer, context) = (first, initial)
        for _ in 0..<maximumPages {
            switch answer {
            case .codeSent(let position, let code):
                return .codeSent(FlowStateCore(context: context, journey: position), code)
            case .completed(let position):
                return .completed(SignUpFlow.signedUp(context, position.continuationToken))
            case .methods(_, secondFactor: true), .registrationRequired:
                // The account exists; the sign-in after it starts at the second factor (or its registration).
                return .completed(SignUpFlow.signedUp(context, nil, pendingStrongAuth: answer))
            case .attributesRequired(let position, _):
                let page = Page(asked: answer.askedAttributes, position: position, given: [])
                if !page.repeated.isEmpty {
                    return .failed(JourneyAnswer.unfit("the server asked again for \(page.repeated.joined(separator: ", ")), already sent", in: context))
                }
                if !page.missing.isEmpty {
                    return stopped(at: page, position: position, context: context, verified: verified)
                }
                // Filled from what the app gave: sent at once. The state this step was called on is
                // used up by now, so a refusal of it hands nothing back.
                let (next, answered) = await context.follow(
                    position.answer.link("submitAttributes"), named: "submitAttributes", from: position,
                    [("attributes", .object(page.values))], sent: Set(page.values.map(\.0)), step: step)
                (answer, context) = (handingNothingBack(next), answered)
            case .failed(let failure):
                let names = failure.details.code == .invalidAttributes ? failure.details.serverError?.journeyInvalidAttributeNames ?? [] : []
                return names.isEmpty ? .failed(failure) : .attributesInvalid(names, failure)
            default:
                return .failed(JourneyAnswer.unfit("the sign-up's answer neither asks for attributes nor verifies the address", in: context))
            }
        }
        return .failed(JourneyAnswer.unfit("the server asked for attributes more than \(maximumPages) times", in: context))
    }

    /// Submits the page the state waits at with the values the user gave now (besides those the app
    /// gave to the start); when the page still misses a required one, answers the state to give it
    /// on, without sending anything.
    private static func submitPage(given: [(String, JSONValue)], on core: FlowStateCore) async -> Progress {
        let position = core.journeyPosition
        let asked = JourneyAnswer(position.answer, from: nil, context: core.context).askedAttributes
        let page = Page(asked: asked, position: position, given: given)
        if !page.missing.isEmpty {
            return stopped(at: page, position: position.prefilling(page.values + position.prefilled), context: core.context, verified: true)
        }
        let (answer, context) = await core.context.follow(
            position.answer.link("submitAttributes"), named: "submitAttributes", from: position,
            [("attributes", .object(page.values))], sent: Set(page.values.map(\.0)), step: .attributes)
        return await progress(answer, context: context, verified: true, step: .attributes)
    }

    /// A page that asks for what is not known: the start fails (V1's start takes it all), after the
    /// code the password state (when the password is what is missing) or the attributes state.
    private static func stopped(at page: Page, position: JourneyPosition, context: FlowContext, verified: Bool) -> Progress {
        let names = page.missing.map(\.name)
        guard verified else {
            let onlyPassword = names == ["password"]
            let details = FlowErrorMapping.local(
                onlyPassword ? .invalidPassword : .invalidAttributes,
                "The server asks for \(names.joined(separator: ", ")) before it verifies the address: give "
                    + (onlyPassword ? "the password" : "them") + " to the sign-up's start (NativeAuthSignUpParameters).",
                correlationId: context.correlationId)
            return .failed(StepFailure(details: details, handsBack: false))
        }
        let core = FlowStateCore(context: context, journey: position)
        if names.contains("password") { return .passwordRequired(SignUpPasswordRequiredState(core: core)) }
        return .attributesRequired(page.unknown, SignUpAttributesRequiredState(core: core))
    }

    /// A failure of an automatic submission: the state the step was called on is used up, so it is
    /// not handed back.
    private static func handingNothingBack(_ answer: JourneyAnswer) -> JourneyAnswer {
        guard case .failed(let failure) = answer, failure.handsBack else { return answer }
        return .failed(StepFailure(details: failure.details, handsBack: false))
    }

    /// One page of attributes: what it asks for, the values it sends, and what is not known.
    struct Page {
        /// What the page sends: the values given now, then the prefilled values it asks for.
        let values: [(String, JSONValue)]
        /// The required attributes no value is known for.
        let missing: [NativeAuthRequiredAttribute]
        /// The attributes it asks for that no value is known for (optional ones too): what the
        /// attributes state lists.
        let unknown: [NativeAuthRequiredAttribute]
        /// Required attributes the server asks for again although their prefilled value was sent.
        let repeated: [String]

        init(asked: [NativeAuthRequiredAttribute], position: JourneyPosition, given: [(String, JSONValue)]) {
            var values = given
            var repeated: [String] = []
            for attribute in asked where !values.contains(where: { $0.0 == attribute.name }) {
                guard let known = position.prefilled.first(where: { $0.0 == attribute.name }) else { continue }
                if position.sentPrefilled.contains(attribute.name) {
                    if attribute.required { repeated.append(attribute.name) }
                    continue
                }
                values.append(known)
            }
            self.values = values
            self.repeated = repeated
            unknown = asked.filter { attribute in !values.contains { $0.0 == attribute.name } && !repeated.contains(attribute.name) }
            missing = unknown.filter(\.required)
        }
    }
}

extension JourneyAnswer {
    /// The attributes a `collectAttributes` answer asks for, as the app sees them; none for any other answer.
    var askedAttributes: [NativeAuthRequiredAttribute] {
        guard case .attributesRequired(_, let attributes) = self else { return [] }
        return NativeAuthRequiredAttribute.read(attributes.map {
            RequiredAttributeBody(name: $0.name, type: $0.type, required: $0.required, regex: $0.regex)
        })
    }
}
