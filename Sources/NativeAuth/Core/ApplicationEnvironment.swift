#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// What every flow of one application needs: the wire client, the API it speaks, the app's
/// configuration, where its accounts are kept, and the clock. One per ``NativeAuthPublicClientApplication``.
///
/// The account layer works on ``accountStorage`` through `AccountTokenManager` (built from this
/// environment), so this shared layer names no feature.
struct ApplicationEnvironment: Sendable {
    let wire: WireClient
    /// The API the flows speak: each feature chooses its steps by it, once (its `…Steps` protocol).
    let api: NativeAuthAPI
    let challengeTypes: NativeAuthChallengeTypes
    let capabilities: NativeAuthCapabilities
    let accountStorage: AccountStorage
    let clock: any NativeAuthClock
    let logger: Logger
}
