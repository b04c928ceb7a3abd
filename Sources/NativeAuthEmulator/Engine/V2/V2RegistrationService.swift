/// V2's strong-auth method registration (the `enroll` answer of ``V2Completion``), on V1's rules
/// (``RegistrationService``): `POST {enroll}` `{"continuationToken", "target"}` (a method's own link
/// names the channel; the answer's link reads it from the contact) sends a code to the contact
/// (`action: activate`; enrolling again, on the same contact or another, is the resend), or, for the
/// address a sign-up of this journey verified, registers it at once (`continue`); `POST {activate}`
/// `{"continuationToken", "code"}` takes the code, registers the method and ends the journey.
struct V2RegistrationService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Registers `target` (checked as V1's `challenge_target`).
    func enroll(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        let target = try step.required(step.body.target, "target")
        let channel: StrongAuthMethod.Channel
        if let type = step.methodType {
            guard let named = StrongAuthMethod.Channel(rawValue: type) else { throw ProtocolError.unknownMethod(type, "") }
            channel = named
        } else {
            channel = ContactRules.channel(of: target)
        }
        return try core.updateFlowSendingCode(
            request, kind: nil, stages: [.registrationChallenge, .registrationCode],
            otherwise: .wrongStrongAuthStep("enroll needs the token of the answer that listed the methods to register")
        ) { flow, state, now, code in
            try offer(target, channel: channel, code: code, flow: &flow, state: &state, now: now, hrefs: hrefs)
        }
    }

    /// The code sent to the contact: the method is registered, and the journey ends.
    func activate(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        let code = try step.secret(step.body.code, "code")
        return try core.updateFlow(
            request, kind: nil, stages: [.registrationCode],
            otherwise: .wrongStrongAuthStep("activate needs the token of the answer that sent the code to the contact")
        ) { flow, state, now -> any ProtocolAnswer in
            try V2Methods.expect(step, type: flow.strongAuth?.pendingChannel?.rawValue ?? "", id: nil)
            let next = try RegistrationService.register(code: code, flow: &flow, state: &state, now: now, configuration: config)
            return HALContinueAnswer(continuationToken: next, continue: hrefs.authorizeChallenge)
        }
    }

    /// Offers `target` on `channel` (V1's checks): `activate`, or `continue` for the address the
    /// journey's sign-up verified.
    private func offer(_ target: String, channel: StrongAuthMethod.Channel, code: String, flow: inout FlowRecord, state: inout EmulatorState,
               now: Double, hrefs: V2Hrefs) throws -> (any ProtocolAnswer, SentCode?) {
        switch try RegistrationService.offer(target, channel: channel, code: code, flow: &flow, state: &state, now: now, configuration: config) {
        case .preverified:
            let next = try RegistrationService.register(code: nil, flow: &flow, state: &state, now: now, configuration: config)
            return (HALContinueAnswer(continuationToken: next, continue: hrefs.authorizeChallenge), nil)
        case .codeSent(let next, _, let sent):
            let type = channel.rawValue
            return (HALVerifyAnswer(activating: type, hint: sent.maskedTarget, codeLength: code.count, continuationToken: next,
                                    activate: hrefs.link(.activate, type: type)), sent)
        }
    }
}
