/// Checks shared by the protocol endpoints.
enum RequestValidation {
    /// The form's `client_id`: present, GUID-shaped, and registered.
    static func clientId(_ form: FormBody, core: EmulatorCore) throws(ProtocolError) -> String {
        guard let clientId = form.nonEmpty("client_id"), isGUID(clientId) else {
            throw ProtocolError.invalidClientId
        }
        let normalized = clientId.lowercased()
        guard core.clientIds.contains(normalized) else {
            throw ProtocolError.unknownClient(clientId)
        }
        return normalized
    }

    static func required(_ name: String, in form: FormBody) throws(ProtocolError) -> String {
        guard let value = form.nonEmpty(name) else { throw ProtocolError.missingParameter(name) }
        return value
    }

    /// `8-4-4-4-12` hexadecimal.
    static func isGUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return text.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
