import Foundation
import NativeAuthShared

/// The steps of a sign-in on the emulator's pages, shared by the authorize page and the device-code
/// verification page: user code (device only), username, then the email code or the password by
/// the user's method, then the user's second factor (a code sent to its first method; a user who
/// must register one gives an address first, which the code then proves), then a confirmation
/// (device only). Each step is one form post naming the
/// session in a hidden field; the session is kept server-side and expires.
struct PageFlow: Sendable {
    let core: EmulatorCore
    /// The path the forms post to.
    let action: String

    /// How a session ended.
    enum Ending: Sendable {
        case signedIn(userKey: String)
        case cancelled
        case locked
    }

    enum Result: Sendable {
        /// Show this page (the next step, or the same one with an error).
        case show(SignInPage)
        /// The session is over (and removed); the caller sends the user on.
        case finished(PageSession, Ending)
    }

    private var config: EmulatorConfiguration { core.configuration }

    /// Opens a session at `step` and returns its first page.
    func start(_ purpose: PageSession.Purpose, step: PageSession.Step, loginHint: String? = nil) throws -> SignInPage {
        let sessionId = Secrets.opaqueToken(byteCount: 32)
        let now = core.clock.now()
        try core.update { state in
            var web = state.web
            guard web.pages.count < WebSignInState.limit else {
                throw ProtocolError(status: 503, error: "temporarily_unavailable", code: 90033,
                                    message: "Too many sign-in pages are open; try again in a few minutes.")
            }
            web.pages[Secrets.sha256Hex(sessionId)] = PageSession(
                purpose: purpose, step: step, expiresAt: now + config.continuationTokenLifetime)
            state.web = web
        }
        return page(step, sessionId: sessionId, prefill: loginHint)
    }

    /// Answers one form post.
    func post(_ form: FormBody) throws -> Result {
        guard let sessionId = form.nonEmpty("session"), sessionId.count <= 64 else { return .show(Self.expiredPage) }
        let key = Secrets.sha256Hex(sessionId)
        let action = form.nonEmpty("action") ?? "next"
        let now = core.clock.now()
        var sent: SentCode?
        let result = try core.update { state -> Result in
            var web = state.web
            defer { state.web = web }
            guard var session = web.pages[key], now < session.expiresAt else {
                web.pages[key] = nil
                return .show(Self.expiredPage)
            }
            if action == "cancel" {
                web.pages[key] = nil
                return .finished(session, .cancelled)
            }
            let outcome = step(&session, key: key, action: action, form: form, state: &state, web: &web, now: now, sent: &sent)
            switch outcome {
            case .show(let error, let lead):
                web.pages[key] = session
                return .show(page(session.step, sessionId: sessionId, error: error, lead: lead, username: username(session, state),
                                  secondFactorTarget: session.secondFactor?.maskedTarget))
            case .finished(let ending):
                web.pages[key] = nil
                return .finished(session, ending)
            }
        }
        if let sent { config.onCodeSent(sent) }
        return result
    }

    private enum StepOutcome {
        case show(error: String?, lead: String?)
        case finished(Ending)
    }

    // One step of one session, under the state lock.
    private func step(_ session: inout PageSession, key: String, action: String, form: FormBody, state: inout EmulatorState,
                      web: inout WebSignInState, now: Double, sent: inout SentCode?) -> StepOutcome {
        switch session.step {
        case .userCode:
            guard let typed = form.nonEmpty("user_code"), let code = UserCode.normalize(typed),
                  let match = web.pendingDeviceCode(userCode: code, now: now)
            else { return .show(error: "That code is not valid, or it expired. Check the code shown on your device.", lead: nil) }
            session.purpose = .device(deviceCodeKey: match.key)
            session.step = .username
            return .show(error: nil, lead: nil)
        case .username:
            guard let username = form.nonEmpty("username"), UsernameRules.isWellFormed(username),
                  let user = state.users[UserRecord.key(username)]
            else { return .show(error: "We couldn't find an account with that username. Check it and try again.", lead: nil) }
            session.userKey = UserRecord.key(user.username)
            if user.method == .otp {
                sent = sendCode(&session, key: key, user: user, state: &state, now: now)
                session.step = .code
            } else {
                session.step = .password
            }
            return .show(error: nil, lead: nil)
        case .code:
            guard let userKey = session.userKey, let user = state.users[userKey] else { return .finished(.cancelled) }
            if action == "resend" {
                sent = sendCode(&session, key: key, user: user, state: &state, now: now)
                return .show(error: nil, lead: "A new code was sent to \(EmailMasking.mask(user.username)); the previous one no longer works.")
            }
            if let refusal = Self.codeRefusal(session, key: key, form: form, now: now) {
                return wrongAnswer(&session, what: "codes", message: refusal)
            }
            return firstFactorDone(&session, key: key, user: user, state: &state, now: now, sent: &sent)
        case .password:
            guard let userKey = session.userKey, let user = state.users[userKey] else { return .finished(.cancelled) }
            let typed = form["password"] ?? ""
            if !typed.isEmpty, let hash = user.passwordHash, PasswordHasher.verify(typed, against: hash) {
                return firstFactorDone(&session, key: key, user: user, state: &state, now: now, sent: &sent)
            }
            return wrongAnswer(&session, what: "passwords", message: "Your password is incorrect.")
        case .registerContact:
            guard let userKey = session.userKey, let user = state.users[userKey] else { return .finished(.cancelled) }
            guard let typed = form.nonEmpty("contact"), let contact = ContactRules.normalized(typed, channel: .email) else {
                return .show(error: "Enter an email address to receive codes at.", lead: nil)
            }
            session.secondFactor = StrongAuthMethod(id: UUID().uuidString.lowercased(), channel: .email, target: contact)
            session.registering = true
            sent = sendCode(&session, key: key, user: user, to: session.secondFactor!, state: &state, now: now)
            session.step = .secondFactor
            return .show(error: nil, lead: nil)
        case .secondFactor:
            guard let userKey = session.userKey, let user = state.users[userKey], let method = session.secondFactor else {
                return .finished(.cancelled)
            }
            if action == "resend" {
                sent = sendCode(&session, key: key, user: user, to: method, state: &state, now: now)
                return .show(error: nil, lead: "A new code was sent to \(method.maskedTarget); the previous one no longer works.")
            }
            if let refusal = Self.codeRefusal(session, key: key, form: form, now: now) {
                return wrongAnswer(&session, what: "codes", message: refusal)
            }
            if session.registering == true, var registered = state.users[userKey] {
                registered.mfa = UserStrongAuth(methods: (registered.mfa?.methods ?? []) + [method], register: nil)
                state.users[userKey] = registered
            }
            return signedIn(&session, userKey: userKey)
        case .confirm:
            guard let userKey = session.userKey else { return .finished(.cancelled) }
            return .finished(.signedIn(userKey: userKey))
        }
    }

    /// After the first factor: the second factor's step when the user has one (a code sent to its
    /// first method) or must register one (an address asked for first), else signed in. A second
    /// factor only an authentication context asks for is not asked here.
    private func firstFactorDone(_ session: inout PageSession, key: String, user: UserRecord, state: inout EmulatorState,
                                 now: Double, sent: inout SentCode?) -> StepOutcome {
        session.codeHash = nil
        session.failedAttempts = 0
        guard let mfa = user.mfa, mfa.onlyForContexts != true else { return signedIn(&session, userKey: UserRecord.key(user.username)) }
        if let method = mfa.methods.first {
            session.secondFactor = method
            sent = sendCode(&session, key: key, user: user, to: method, state: &state, now: now)
            session.step = .secondFactor
            return .show(error: nil, lead: nil)
        }
        if mfa.register == true {
            session.step = .registerContact
            return .show(error: nil, lead: nil)
        }
        return signedIn(&session, userKey: UserRecord.key(user.username))
    }

    private func signedIn(_ session: inout PageSession, userKey: String) -> StepOutcome {
        session.codeHash = nil
        if case .device = session.purpose {
            session.step = .confirm
            return .show(error: nil, lead: nil)
        }
        return .finished(.signedIn(userKey: userKey))
    }

    private func wrongAnswer(_ session: inout PageSession, what: String, message: String) -> StepOutcome {
        session.failedAttempts += 1
        if session.failedAttempts >= config.maxCodeAttempts { return .finished(.locked) }
        return .show(error: message, lead: nil)
    }

    /// Sends a code to `method` (the user's address when nil: the email-code first factor).
    private func sendCode(_ session: inout PageSession, key: String, user: UserRecord, to method: StrongAuthMethod? = nil,
                          state: inout EmulatorState, now: Double) -> SentCode {
        let code = config.fixedCode ?? Secrets.numericCode(length: config.codeLength)
        session.codeHash = Self.codeDigest(code, key: key)
        session.codeExpiresAt = now + config.codeLifetime
        state.recordSentCode(SentCodeRecord(code: code, flowId: "page:" + key.prefix(32), sentAt: now,
                                            expiresAt: now + config.codeLifetime), userKey: UserRecord.key(user.username))
        return SentCode(username: user.username, maskedTarget: method?.maskedTarget ?? EmailMasking.mask(user.username), code: code,
                        expiresAt: Date(timeIntervalSince1970: now + config.codeLifetime), channel: method?.channel.rawValue ?? "email",
                        fromWebPage: true)
    }

    /// Why the code the form gives is not the session's last one (the page's sentence), or nil when it is.
    private static func codeRefusal(_ session: PageSession, key: String, form: FormBody, now: Double) -> String? {
        let typed = form.nonEmpty("code") ?? ""
        let valid = session.codeExpiresAt.map { now < $0 } ?? false
        let matches = session.codeHash.map { Secrets.constantTimeEquals(codeDigest(typed, key: key), $0) } ?? false
        if valid && matches { return nil }
        return valid ? "That code is incorrect. Try again, or send a new code." : "That code has expired. Send a new code."
    }

    private static func codeDigest(_ code: String, key: String) -> String {
        Secrets.sha256Hex("page:" + key + ":" + code)
    }

    private func username(_ session: PageSession, _ state: EmulatorState) -> String? {
        session.userKey.flatMap { state.users[$0]?.username }
    }

    // MARK: Pages

    /// The page of `step` for the session `sessionId`.
    func page(_ step: PageSession.Step, sessionId: String, error: String? = nil, lead: String? = nil,
              username: String? = nil, prefill: String? = nil, secondFactorTarget: String? = nil) -> SignInPage {
        let cancel = SignInPage.Button(id: "cancel", label: "Cancel", secondary: true)
        var page = SignInPage(title: "", lead: "", error: error, action: action, hidden: [("session", sessionId)])
        let who = username ?? "your account"
        switch step {
        case .userCode:
            page.title = "Enter code"
            page.lead = lead ?? "Enter the code displayed on your app or device."
            page.inputs = [.init(id: "user_code", label: "Code", autocomplete: "off")]
            page.buttons = [.init(id: "next", label: "Next")]
        case .username:
            page.title = "Sign in"
            page.lead = lead ?? "Sign in with your email address."
            page.inputs = [.init(id: "username", label: "Email address", type: "email", value: prefill ?? "", autocomplete: "username")]
            page.buttons = [.init(id: "next", label: "Next"), cancel]
        case .code:
            page.title = "Enter code"
            page.lead = lead ?? "We sent a code to \(username.map(EmailMasking.mask) ?? "your email address"). Enter it to sign in."
            page.inputs = [.init(id: "code", label: "Code", autocomplete: "one-time-code", inputMode: "numeric")]
            page.buttons = [.init(id: "next", label: "Sign in"), .init(id: "resend", label: "Send a new code", secondary: true), cancel]
        case .password:
            page.title = "Enter password"
            page.lead = lead ?? "Enter the password for \(who)."
            page.inputs = [.init(id: "password", label: "Password", type: "password", autocomplete: "current-password")]
            page.buttons = [.init(id: "next", label: "Sign in"), cancel]
        case .secondFactor:
            page.title = "Verify your identity"
            page.lead = lead ?? "We sent a code to \(secondFactorTarget ?? "your second factor"). Enter it to finish signing in."
            page.inputs = [.init(id: "code", label: "Code", autocomplete: "one-time-code", inputMode: "numeric")]
            page.buttons = [.init(id: "next", label: "Verify"), .init(id: "resend", label: "Send a new code", secondary: true), cancel]
        case .registerContact:
            page.title = "Add a way to verify your identity"
            page.lead = lead ?? "Your organisation asks for a second way to sign in: enter an email address to receive codes at."
            page.inputs = [.init(id: "contact", label: "Email address", type: "email", autocomplete: "email")]
            page.buttons = [.init(id: "next", label: "Send code"), cancel]
        case .confirm:
            page.title = "Are you trying to sign in?"
            page.lead = lead ?? "Signed in as \(who). Continue only if you started this sign-in on a device you own."
            page.buttons = [.init(id: "continue", label: "Continue"), cancel]
        }
        return page
    }

    static let expiredPage = SignInPage.message(
        title: "This sign-in page expired",
        lead: "Start the sign-in again from your app or device.", status: 400)
}
