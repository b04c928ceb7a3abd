// libFuzzer target: V2's tolerant reading (HAL answers, both error envelopes, the authorization code)
// and the href resolver, whose every accepted href must stay on the authority. Compiled into the
// NativeAuth module by fuzz/build.sh (so it reaches internal API).
//
// Input: byte 0 picks what reads the rest: a HAL answer, an error, an authorization code, an href
// resolved against an https authority, a loopback http one, or one whose path is a tenant ID, or a
// whole V2 answer sorted as a step's or as the entry's (byte 1 the status, the rest the body), with
// the error each rejection carries read as V2's table reads it.
import Foundation

private let authorities = [
    URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!,
    URL(string: "http://127.0.0.1:8080/emulator.onmicrosoft.com")!,
    URL(string: "https://login.contoso.com/9188040d-6c67-4c5b-b112-36a304b66dad")!,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func halFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let selector = bytes.first else { return 0 }
    let rest = Data(bytes.dropFirst())
    let decoder = JSONDecoder()
    switch selector % 8 {
    case 0:
        if let answer = try? decoder.decode(HALResponse.self, from: rest) {
            for relation in answer.links.keys { _ = answer.link(relation) }
            _ = answer.methods.map(\.links.count)
        }
    case 1:
        if let error = try? decoder.decode(V2ServerError.self, from: rest) {
            _ = error.matches("invalid_grant")
            _ = V2ServerError.aadstsNumbers(in: error.message ?? "")
        }
    case 2:
        _ = try? decoder.decode(AuthorizationCodeResponse.self, from: rest)
    case 6, 7:
        guard let status = rest.first else { return 0 }
        let statuses = [200, 200, 400, 401, 403, 404, 302, 307, 429, 500, 503]
        let response = HTTPResponse(status: statuses[Int(status) % statuses.count], headers: ["Location": "https://evil.example/x"],
                                    body: Data(rest.dropFirst()))
        switch WireClient.classifyJourney(response, as: HALResponse.self, entry: selector % 8 == 7) {
        case .success(let answer):
            _ = answer.link("sign_in")
        case .rejected(.protocolError(let error, _)):
            _ = error.journeyInvalidAttributeNames
            for step in JourneyStep.allCases { _ = step.outcome(of: error) }
        case .rejected:
            break
        }
    default:
        let authority = authorities[Int(selector % 8) - 3]
        let href = String(decoding: rest, as: UTF8.self)
        if case .success(let url) = HrefResolver(authority: authority).resolve(href) {
            // Whatever the href, a followed one stays on the authority: same scheme, host and port,
            // under its path, towards /api/ or /oauth2/, with no fragment or user info.
            let text = url.absoluteString
            precondition(url.scheme == authority.scheme && url.host == authority.host && url.port == authority.port, "left the authority: \(url)")
            precondition(text.hasPrefix(authority.absoluteString + "/api/") || text.hasPrefix(authority.absoluteString + "/oauth2/"),
                         "not an API path: \(url)")
            precondition(url.fragment == nil && url.user == nil && url.password == nil, "fragment or user: \(url)")
            let path = url.path(percentEncoded: true).lowercased()
            precondition(!path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().contains {
                $0.isEmpty || $0 == "." || $0 == ".." || $0 == "%2e" || $0 == "%2e%2e" || $0 == ".%2e" || $0 == "%2e."
            }, "an empty or dot segment: \(url)")
            precondition(!path.contains("%2f") && !path.contains("%5c"), "an escaped separator: \(url)")
        }
    }
    return 0
}
