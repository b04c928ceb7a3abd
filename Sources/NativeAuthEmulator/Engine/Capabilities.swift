/// The `capabilities` a client sends when a flow starts (docs/PROTOCOL.md §3.2): `mfa_required`
/// and `registration_required`, space-separated.
enum Capabilities {
    static let mfaRequired = "mfa_required"
    static let registrationRequired = "registration_required"
    static let known: Set<String> = [mfaRequired, registrationRequired]

    /// The form's capabilities (nil when it sent none); an unknown value is refused as invalid, as
    /// the service does (docs/PROTOCOL.md §3.3).
    static func parse(_ form: FormBody) throws(ProtocolError) -> [String]? {
        guard let raw = form.nonEmpty("capabilities") else { return nil }
        let values = raw.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var unique: [String] = []
        for value in values {
            guard known.contains(value) else { throw ProtocolError.unsupportedCapability(value) }
            if !unique.contains(value) { unique.append(value) }
        }
        return unique.isEmpty ? nil : unique
    }
}
