/// What a `/challenge` endpoint answered (sign-in's, and later sign-up's and password reset's, which
/// answer in the same shapes), read without a transport so it can be tested on its own.
enum ChallengeAnswer: Sendable, Equatable {
    /// A code was sent: the one-time-passcode block.
    case code(continuationToken: String, sentTo: String, channel: NativeAuthChannelType, codeLength: Int)
    /// The account signs in with a password.
    case password(continuationToken: String)
    /// The server wants the methods of a second factor listed first (suberror `introspect_required`
    /// with a `continuation_token`, docs/PROTOCOL.md §9.1): `token` goes on to `/oauth2/v2.0/introspect`.
    /// A step that cannot go on with it fails with `rejection` as with any other refusal.
    case introspectRequired(continuationToken: String, rejection: WireRejection)
    /// The server refused, redirected to the browser, or could not be reached.
    case rejected(WireRejection)
    /// A success body that does not fit: an unknown `challenge_type`, a missing or absurd field.
    case unexpected(String)

    /// The longest code the library accepts to ask for.
    static let maximumCodeLength = 64
    /// The longest masked target (`challenge_target_label`) the library shows.
    static let maximumTargetLength = 320

    init(_ outcome: WireOutcome<ChallengeResponse>) {
        switch outcome {
        case .rejected(let rejection):
            if rejection.serverError?.isIntrospectRequired == true, let token = rejection.continuationToken, !token.isEmpty {
                self = .introspectRequired(continuationToken: token, rejection: rejection)
            } else {
                self = .rejected(rejection)
            }
        case .success(let body):
            self = Self.read(body)
        }
    }

    private static func read(_ body: ChallengeResponse) -> ChallengeAnswer {
        guard let type = body.challengeType else { return .unexpected("the answer has no challenge_type") }
        guard let token = body.continuationToken, !token.isEmpty else {
            return .unexpected("a '\(type.prefix(32))' challenge without a continuation_token")
        }
        switch type {
        case "oob":
            // `/register/v1.0/challenge` names the contact `challenge_target` (docs/PROTOCOL.md §9.2).
            guard let sentTo = body.challengeTargetLabel ?? body.challengeTarget, !sentTo.isEmpty, sentTo.count <= maximumTargetLength else {
                return .unexpected("a code challenge without a usable challenge_target_label")
            }
            guard let length = body.codeLength, (1...maximumCodeLength).contains(length) else {
                return .unexpected("a code challenge without a code_length between 1 and \(maximumCodeLength)")
            }
            let channel = NativeAuthChannelType(value: body.challengeChannel ?? "email")
            return .code(continuationToken: token, sentTo: sentTo, channel: channel, codeLength: length)
        case "password":
            return .password(continuationToken: token)
        default:
            return .unexpected("unsupported challenge_type '\(type.prefix(32))'")
        }
    }
}
