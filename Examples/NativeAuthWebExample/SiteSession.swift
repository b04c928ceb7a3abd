import NativeAuth
import NativeAuthServer

/// What the server keeps for one browser, in PostgreSQL (the browser holds only the session
/// cookie that names it): the flow waiting for the user, sealed, with what the page shows of it,
/// and, once signed in, who.
struct SiteSession: Codable, Sendable {
    /// The partition of the user the flow or the sign-in is for: their username, lowercased.
    var partition: String?
    /// The flow state waiting for the user, sealed (it opens once: every step seals the next one).
    var flow: SealedFlowState?
    /// Where the last code went and how long it is.
    var sentTo: String?
    var codeLength: Int?
    /// The second factors offered, for the MFA step.
    var methods: [SiteAuthMethod]?
    /// The second factor its code went to, for a resend.
    var chosenMethod: SiteAuthMethod?
    /// The signed-in user's username.
    var signedInUser: String?
    /// The signed-in account's stable identifier: the partition is named by a lowercased username,
    /// which two accounts the server tells apart may share, so the account the partition holds is
    /// this session's only when its identifier is this one.
    var account: String?

    /// A session waiting at a flow's step.
    static func waiting(_ flow: SealedFlowState, partition: String, sentTo: String? = nil, codeLength: Int? = nil,
                        methods: [SiteAuthMethod]? = nil, chosenMethod: SiteAuthMethod? = nil) -> SiteSession {
        SiteSession(partition: partition, flow: flow, sentTo: sentTo, codeLength: codeLength, methods: methods,
                    chosenMethod: chosenMethod)
    }

    /// A signed-in session.
    static func signedIn(_ username: String, account: String, partition: String) -> SiteSession {
        SiteSession(partition: partition, signedInUser: username, account: account)
    }
}

/// A second factor as the session keeps it (the library's ``AuthMethod``).
struct SiteAuthMethod: Codable, Sendable, Equatable {
    var id: String
    var challengeType: String
    var channel: String
    var loginHint: String?

    init(_ method: AuthMethod) {
        id = method.id
        challengeType = method.challengeType
        channel = method.channelTargetType.value
        loginHint = method.loginHint
    }

    var authMethod: AuthMethod {
        AuthMethod(id: id, challengeType: challengeType, channelTargetType: NativeAuthChannelType(value: channel),
                   loginHint: loginHint)
    }
}
