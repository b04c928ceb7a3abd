#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The device authorization grant (RFC 8628): `/devicecode`, then polls of `/token` with the
/// device-code grant, through the application's clock, bounded by the code's lifetime (at most an
/// hour) and a number of polls. What a failure comes to is ``DeviceCodeStep``'s table.
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
            return .error(DeviceCodeError(context.failure(rejection, at: DeviceCodeStep.start).details))
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
        func local(_ code: NativeAuthErrorCode, _ message: String) -> DeviceCodeError {
            DeviceCodeError(FlowErrorMapping.local(code, message, correlationId: context.correlationId))
        }
        for _ in 0..<maximumPolls {
            guard clock.now < state.grant.expiresOn else {
                return .advanced(.error(local(.deviceCodeExpired, "The code expired before anyone signed in with it: start again."), newState: nil))
            }
            do {
                try await clock.sleep(for: .seconds(interval))
            } catch {
                return .retry(local(.cancelled, "The wait for the device sign-in was cancelled."))
            }
            let outcome: TokenRedemption.Outcome
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
                    return .failed(context.failure(rejection, at: DeviceCodeStep.poll))
                }
            }
        }
        return .advanced(.error(local(.deviceCodeExpired,
                                      "The server still answered 'pending' after \(maximumPolls) polls: start again."), newState: nil))
    }
}

extension DeviceCodeWaitResult: FailableStepResult {}
