import Foundation
import Logging

/// What every flow of one application needs: the wire client, the app's configuration, the account
/// store and the clock. One per ``NativeAuthPublicClientApplication``.
struct ApplicationEnvironment: Sendable {
    let wire: WireClient
    let challengeTypes: NativeAuthChallengeTypes
    let capabilities: NativeAuthCapabilities
    let accounts: AccountTokenManager
    let clock: any NativeAuthClock
    let logger: Logger
}
