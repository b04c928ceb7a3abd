import Crypto
import Foundation
import NativeAuthShared

/// The methods V2's answers list (`_embedded.methods`) and name in their paths
/// (`/methods/{type}/{id}/…`): a user's first factor (`email` or `password`), the address a sign-up
/// verifies, a second factor (its id, from the user's record), or a channel to register (`email`,
/// `sms`, as V1's registration lists them). First-factor ids are made from the user's object ID (or
/// the address being signed up) and the type, so they are the same at every sign-in and need no storage.
enum V2Methods {
    /// The id of the method `type` (`email`, `password`) of the account or address `owner`.
    static func id(of type: String, owner: String) -> String {
        var bytes = Array(SHA256.hash(data: Data("nativeauth-emulator v2 method\n\(owner)\n\(type)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = HexText.lowercase(bytes)
        return [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
            .joined(separator: "-")
    }

    /// The type of `user`'s first factor: `email` (a code) or `password`.
    static func firstFactorType(of user: UserRecord) -> String {
        user.method == .otp ? "email" : "password"
    }

    /// `user`'s email method (a sign-in's code, or a password reset's).
    static func email(of user: UserRecord, hrefs: V2Hrefs) -> HALMethodsAnswer.Method {
        let id = id(of: "email", owner: user.id)
        return .init(id: id, type: "email", hint: EmailMasking.mask(user.username), links: HALLinks(challenge: hrefs.link(.challenge, type: "email", id: id)))
    }

    /// `user`'s first factor, as a sign-in lists it.
    static func firstFactor(of user: UserRecord, hrefs: V2Hrefs) -> HALMethodsAnswer.Method {
        guard user.method == .password else { return email(of: user, hrefs: hrefs) }
        let id = id(of: "password", owner: user.id)
        return .init(id: id, type: "password", hint: nil, links: HALLinks(challenge: hrefs.link(.challenge, type: "password", id: id)))
    }

    /// `user`'s second factors, as MFA lists them.
    static func secondFactors(of user: UserRecord, hrefs: V2Hrefs) -> [HALMethodsAnswer.Method] {
        (user.mfa?.methods ?? []).map { method in
            .init(id: method.id, type: method.channel.rawValue, hint: method.maskedTarget,
                  links: HALLinks(challenge: hrefs.link(.challenge, type: method.channel.rawValue, id: method.id)))
        }
    }

    /// The channels a user may register, as V1's registration lists them (the address: the username).
    static func registrable(by user: UserRecord, hrefs: V2Hrefs) -> [HALMethodsAnswer.Method] {
        [StrongAuthMethod.Channel.email, .sms].map { channel in
            .init(id: channel.rawValue, type: channel.rawValue, hint: channel == .email ? user.username : nil,
                  links: HALLinks(enroll: hrefs.link(.methodEnroll, type: channel.rawValue)))
        }
    }

    /// Throws `unknownMethod` unless the path named `type`/`id` (nil: a path that names no id).
    static func expect(_ step: V2Step, type: String, id: String?) throws(ProtocolError) {
        guard step.methodType == type, step.methodId == id else {
            throw ProtocolError.unknownMethod(step.methodType ?? "", step.methodId ?? "")
        }
    }
}
