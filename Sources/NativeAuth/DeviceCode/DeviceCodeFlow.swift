#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The device authorization grant (RFC 8628): `/devicecode`, then polls of `/token` with the
/// device-code grant, through the application's clock, bounded by the code's lifetime (at most an
/// hour) and a number of polls.
enum DeviceCodeFlow {
    /// Polls one wait may make, whatever the interval: a server that answers "pending" at once
    /// cannot keep the client polling for ever.
    static let maximumPolls = 720
    /// The largest interval `slow_down` can grow to.
    static let maximumInterval = 120

    static func start(_ parameters: NativeAuthDeviceCodeParameters, environment: ApplicationEnvironment) async -> DeviceCodeStartResult {
        let values = parameters.snapshot
        var context = FlowContext(environment: environment, username: "", scopes: RequestedScopes.merged(values.scopes),
                                  correlationId: values.correlationId ?? UUID())
        let reply: WireOutcome<DeviceCodeResponse>
        (reply, context) = await context.post(.deviceCode, [("scope", context.scopes.joined(separator: " "))])
        switch reply {
        case .rejected(let rejection):
            return .error(DeviceCodeError(context.details(rejection) { _ in .general }))
        case .success(let body):
            do {
                let grant = try DeviceCodeGrant(body, now: environment.clock.now)
                environment.logger.info("device code issued", metadata: ["correlation-id": "\(context.correlationId)",
                                                                         "interval": "\(grant.interval)"])
                return .codeIssued(DeviceCodePendingState(core: FlowStateCore(context: context, continuationToken: grant.deviceCode),
                                                          grant: grant))
            } catch {
                return .error(DeviceCodeError(FlowErrorMapping.unexpectedAnswer(error.what, correlationId: context.correlationId)))
            }
        }
    }

    static func poll(_ state: DeviceCodePendingState) async -> StepOutcome<DeviceCodeWaitResult, DeviceCodeError> {
        var context = state.core.context
        let clock = context.environment.clock
        let check = IDTokenCheck(clientId: context.environment.wire.clientId, authority: context.environment.wire.authority, nonce: nil)
        var interval = state.grant.interval
        func local(_ kind: ErrorKind, _ message: String) -> DeviceCodeError {
            DeviceCodeError(FlowErrorMapping.local(kind, message, correlationId: context.correlationId))
        }
        for _ in 0..<maximumPolls {
            guard clock.now < state.grant.expiresOn else {
                return .advanced(.error(local(.web(.deviceCodeExpired), "The code expired before anyone signed in with it: start again."), newState: nil))
            }
            do {
                try await clock.sleep(for: .seconds(interval))
            } catch {
                return .retry(local(.web(.cancelled), "The wait for the device sign-in was cancelled."))
            }
            let outcome: WebRedemption.Outcome
            (outcome, context) = await WebRedemption.redeem(.deviceCode(state.grant.deviceCode), check: check, fallbackUsername: nil,
                                                            context: context)
            switch outcome {
            case .signedIn(let result):
                return .advanced(.completed(result))
            case .failed(let details):
                return .advanced(.error(DeviceCodeError(details), newState: nil))
            case .rejected(let rejection):
                switch rejection.serverError?.error {
                case .authorizationPending?:
                    continue
                case .slowDown?:
                    interval = min(interval + 5, maximumInterval)
                    continue
                default:
                    let details = context.details(rejection, meaning: meaning)
                    return .failed(DeviceCodeError(details), handedBack: handsBack(details))
                }
            }
        }
        return .advanced(.error(local(.web(.deviceCodeExpired),
                                      "The server still answered 'pending' after \(maximumPolls) polls: start again."), newState: nil))
    }

    /// What the token endpoint's errors mean while polling (RFC 8628 §3.5 and Microsoft's names).
    static func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        switch error.error {
        case .expiredToken: ErrorMeaning(.web(.deviceCodeExpired))
        case .authorizationDeclined, .accessDenied: ErrorMeaning(.web(.declined))
        default: .general
        }
    }

    /// Whether a failed poll leaves the device code good, so the state is handed back to wait again:
    /// only when no answer came.
    static func handsBack(_ details: NativeAuthErrorDetails) -> Bool {
        details.kind == .unavailable
    }
}

extension DeviceCodeWaitResult: FailableStepResult {}
