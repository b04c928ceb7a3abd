import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import Metrics
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import NativeAuthShared

/// The request context: Hummingbird's, with the site's session.
typealias SiteContext = BasicSessionRequestContext<SiteSession, String>

/// What every request of the site uses: the application, its users' token store, the sealer of flow
/// states, and the API that "me" calls.
struct Site: Sendable {
    let app: NativeAuthPublicClientApplication
    let store: PostgresTokenStore
    let sealer: FlowStateSealer
    /// The API the "me" page calls with the user's token, and the scopes its token needs.
    let api: URL
    let apiScopes: [String]?
    /// The sessions of every replica: a password reset ends the signed-in ones of its partition.
    let sessions: PostgresSessionDriver
    /// This replica's name, sent as `X-Served-By` (the pages show it).
    let replica: String
    let logger: Logger

    /// The application keeping its accounts in `partition` (a user's).
    func application(for partition: String) -> NativeAuthPublicClientApplication {
        app.partition(partition, of: store)
    }

    /// A user's partition: their username, trimmed and lowercased.
    static func partition(of username: String) -> String {
        username.trimmed(.whitespacesAndNewlines).lowercased()
    }

    /// The flow state waiting in the session, opened (once) as `State`, with its partition.
    /// - Throws: ``OpenFailure`` with the answer that says why there is none (``OpenFailure/Answering`` sends it).
    func open<State: SealableFlowState>(_ type: State.Type, _ context: SiteContext) async throws(OpenFailure) -> (State, String) {
        guard let session = context.sessions.session, let sealed = session.flow, let partition = session.partition else {
            throw OpenFailure(SiteReply.error(.conflict, "no_flow", "No flow waits at this step: start again."))
        }
        do {
            return (try await sealer.open(sealed, as: type, in: application(for: partition)), partition)
        } catch {
            logger.info("a sealed flow state was refused", metadata: ["reason": "\(error.reason)"])
            let reply = switch error.reason {
            case .alreadyUsed: SiteReply.error(.conflict, "flow_already_used", error.message)
            case .expired: SiteReply.error(.gone, "flow_expired", error.message)
            case .unexpectedStep: SiteReply.error(.conflict, "no_flow", "No flow waits at this step: start again.")
            case .ledgerUnavailable: SiteReply.error(.serviceUnavailable, "store_unavailable", error.message)
            default: SiteReply.error(.badRequest, "flow_refused", error.message)
            }
            throw OpenFailure(reply)
        }
    }

    /// A flow started in a signed-in session would replace the session, and with it the record of the
    /// sign-in whose tokens a sign-out removes: 409 `already_signed_in` instead, until the person signs out.
    func refusedWhileSignedIn(_ context: SiteContext) -> Response? {
        guard let user = context.sessions.session?.signedInUser else { return nil }
        return SiteReply.error(.conflict, "already_signed_in", "You are signed in as \(user): sign out first.")
    }

    /// The flow waits for the user at `next`: the state is sealed into the session.
    func waiting(_ state: some SealableFlowState, partition: String, next: String, sentTo: String? = nil, codeLength: Int? = nil,
                 methods: [AuthMethod]? = nil, chosenMethod: SiteAuthMethod? = nil, _ context: SiteContext) -> Response {
        let session = SiteSession.waiting(sealer.seal(state), partition: partition, sentTo: sentTo, codeLength: codeLength,
                                          methods: methods?.map(SiteAuthMethod.init), chosenMethod: chosenMethod)
        keep(session, context)
        let extra: [(String, JSONValue)] = methods.map { methods in
            [("methods", .array(methods.map { .object([("id", .string($0.id)), ("channel", .string($0.channelTargetType.value)),
                                                      ("loginHint", $0.loginHint.map(JSONValue.string) ?? .null)]) }))]
        } ?? []
        return SiteReply.next(next, sentTo: sentTo, codeLength: codeLength, extra: extra)
    }

    /// A step failed: the state it hands back (if any) is sealed again for another try, else the flow ends.
    func failed(_ error: some NativeAuthError, retry: (some SealableFlowState)?, _ context: SiteContext) -> Response {
        var session = context.sessions.session ?? SiteSession()
        session.flow = retry.map { sealer.seal($0) }
        if session.flow == nil { session.partition = session.signedInUser == nil ? nil : session.partition }
        keep(session, context)
        return SiteReply.failure(error, canRetry: retry != nil)
    }

    /// A new code was sent (a resend): its state is sealed in place of the old one, the rest of the
    /// session (the second factor chosen) kept.
    func codeResent(_ state: some SealableFlowState, partition: String, sentTo: String, codeLength: Int, _ context: SiteContext) -> Response {
        var session = context.sessions.session ?? SiteSession()
        session.flow = sealer.seal(state)
        session.partition = partition
        session.sentTo = sentTo
        session.codeLength = codeLength
        keep(session, context)
        return SiteReply.json([("sentTo", .string(sentTo)), ("codeLength", .int(codeLength))])
    }

    /// Signed in: a new session (a new ID) names the user.
    func signedIn(_ result: NativeAuthUserAccountResult, partition: String, _ context: SiteContext) -> Response {
        let username = result.account.username
        context.sessions.createSession(.signedIn(username, account: result.account.identifier, partition: partition))
        Counter(label: "nativeauth_web_signins_total").increment()
        logger.info("signed in", metadata: ["user": "\(EmailMasking.mask(username))"])
        return SiteReply.json([("signedIn", .object([("username", .string(username))]))])
    }

    /// The second factor: the methods go to the page, the state into the session.
    func awaitingMFA(_ methods: [AuthMethod], _ state: AwaitingMFAState, partition: String, _ context: SiteContext) -> Response {
        waiting(state, partition: partition, next: "mfa", methods: methods, context)
    }

    /// A registration of a strong-authentication method is due: this site does not offer it.
    func registrationRequired(_ context: SiteContext) -> Response {
        context.sessions.clearSession()
        return SiteReply.error(.badRequest, "registration_required",
                               "This account must register a second factor first, which this site does not offer.")
    }

    /// Keeps `session`: the same session updated, or a new one.
    func keep(_ session: SiteSession, _ context: SiteContext) {
        if !context.sessions.updateSession(session) { context.sessions.createSession(session) }
    }
}

/// Why no flow state could be opened: the answer to send.
struct OpenFailure: Error {
    let reply: Response
    init(_ reply: Response) { self.reply = reply }

    /// Sends the answer of an ``OpenFailure`` a route threw.
    struct Answering<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            do {
                return try await next(request, context)
            } catch let failure as OpenFailure {
                return failure.reply
            }
        }
    }
}
