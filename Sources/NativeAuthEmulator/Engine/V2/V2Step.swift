import NativeAuthShared

/// One request to a V2 `/api/…` step: its JSON body and the method its path names
/// (`/methods/{type}/{id}/…`, none for the journeys' first steps).
struct V2Step: Sendable {
    let body: HALRequestBody
    let methodType: String?
    let methodId: String?

    init(body: HALRequestBody, methodType: String? = nil, methodId: String? = nil) {
        self.body = body
        self.methodType = methodType
        self.methodId = methodId
    }

    /// The continuation token the body carries, as a request to a V2 flow.
    func continuation() throws(ProtocolError) -> ContinuationRequest {
        ContinuationRequest(v2Token: try required(body.continuationToken, "continuationToken"))
    }

    /// The member `name`'s value (trimmed), else `missingMember`.
    func required(_ value: String?, _ name: String) throws(ProtocolError) -> String {
        guard let value = HALRequestBody.nonEmpty(value) else { throw ProtocolError.missingMember(name) }
        return value
    }

    /// A secret member's value (a code or a password: taken as sent), else `missingMember`.
    func secret(_ value: String?, _ name: String) throws(ProtocolError) -> String {
        guard let value, !value.isEmpty else { throw ProtocolError.missingMember(name) }
        return value
    }
}
