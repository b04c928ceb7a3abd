#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `/oauth2/v2.0/devicecode` → the codes (RFC 8628 §3.2). Numbers may come as strings, and older
/// endpoints name the page `verification_url`; ``DeviceCodeGrant`` decides what is usable.
struct DeviceCodeResponse: Decodable, Sendable {
    let deviceCode: String?
    let userCode: String?
    let verificationUri: String?
    let expiresIn: Int?
    let interval: Int?
    let message: String?

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationUri = "verification_uri"
        case verificationUrl = "verification_url"
        case expiresIn = "expires_in"
        case interval
        case message
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) -> Int? {
            (try? container.decodeIfPresent(Int.self, forKey: key)) ?? (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap(Int.init) }
        }
        deviceCode = try? container.decodeIfPresent(String.self, forKey: .deviceCode)
        userCode = try? container.decodeIfPresent(String.self, forKey: .userCode)
        verificationUri = (try? container.decodeIfPresent(String.self, forKey: .verificationUri))
            ?? (try? container.decodeIfPresent(String.self, forKey: .verificationUrl)) ?? nil
        expiresIn = number(.expiresIn)
        interval = number(.interval)
        message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
}

/// A usable device authorization: the answer of `/devicecode`, checked and bounded.
struct DeviceCodeGrant: Sendable, Equatable {
    let deviceCode: String
    let userCode: String
    let verificationURL: URL
    let message: String
    /// Seconds to wait between polls (1–60; 5 when the server gave none).
    let interval: Int
    /// When the codes expire, on the application's clock.
    let expiresOn: Date

    static let maximumLifetime = 3600
    static let maximumInterval = 60

    /// The grant of `body`, or why it is not usable.
    init(_ body: DeviceCodeResponse, now: Date) throws(UnusableAnswer) {
        guard let deviceCode = body.deviceCode, !deviceCode.isEmpty, deviceCode.utf8.count <= 4096 else {
            throw UnusableAnswer("no usable device_code")
        }
        guard let userCode = body.userCode, !userCode.isEmpty, userCode.count <= 64 else { throw UnusableAnswer("no usable user_code") }
        guard let text = body.verificationUri, text.utf8.count <= 2048, let url = URL(string: text),
              ["https", "http"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { throw UnusableAnswer("no usable verification_uri") }
        guard let expiresIn = body.expiresIn, expiresIn > 0 else { throw UnusableAnswer("no usable expires_in") }
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURL = url
        self.interval = min(max(body.interval ?? 5, 1), Self.maximumInterval)
        self.expiresOn = now.addingTimeInterval(TimeInterval(min(expiresIn, Self.maximumLifetime)))
        if let message = body.message, !message.isEmpty, message.count <= 1024 {
            self.message = message
        } else {
            self.message = "To sign in, use a web browser to open the page \(text) and enter the code \(userCode) to authenticate."
        }
    }

    struct UnusableAnswer: Error {
        let what: String
        init(_ what: String) { self.what = what }
    }
}
