import Foundation

/// `POST /oauth2/v2.0/devicecode` (RFC 8628 §3.1–3.2): a device code for the app to poll with, and a
/// user code for the person to type on the verification page.
struct DeviceCodeService: Sendable {
    /// The verification page's path under `/{tenant}/` (served by the web pages).
    static let verificationPage = "oauth2/deviceauth"

    let core: EmulatorCore

    func start(_ form: FormBody) throws -> DeviceCodeAnswer {
        let clientId = try RequestValidation.clientId(form, core: core)
        let scopes = try ScopeRequest(parsing: RequestValidation.required("scope", in: form))
        let config = core.configuration
        let deviceCode = Secrets.opaqueToken(byteCount: 48)
        let now = core.clock.now()
        let userCode = try core.update { state -> String in
            var web = state.web
            guard web.deviceCodes.count < WebSignInState.limit else {
                throw ProtocolError(status: 503, error: "temporarily_unavailable", code: 90033,
                                    message: "Too many device codes are pending; try again in a few minutes.")
            }
            var userCode = UserCode.make()
            while web.deviceCodes.values.contains(where: { $0.userCode == userCode }) { userCode = UserCode.make() }
            web.deviceCodes[Secrets.sha256Hex(deviceCode)] = DeviceCodeRecord(
                clientId: clientId, scopes: scopes.scopes, userCode: userCode, status: .pending, userKey: nil,
                expiresAt: now + config.deviceCodeLifetime, interval: config.deviceCodePollInterval, lastPolledAt: nil)
            state.web = web
            return userCode
        }
        let verificationUri = core.baseURL + "/\(core.tenantDomain)/" + Self.verificationPage
        return DeviceCodeAnswer(
            userCode: userCode, deviceCode: deviceCode, verificationUri: verificationUri, expiresIn: Int(config.deviceCodeLifetime),
            interval: config.deviceCodePollInterval,
            message: "To sign in, use a web browser to open the page \(verificationUri) and enter the code \(userCode) to authenticate.")
    }
}
