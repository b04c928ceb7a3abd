/// The `challenge_type` list a client sends (docs/PROTOCOL.md §3.1).
enum ChallengeTypes {
    static let known: Set<String> = ["oob", "password", "redirect"]

    /// Parses and validates a space-separated list: unknown values give `unsupported_challenge_type`,
    /// a list without `redirect` gives `invalid_request` 901007.
    static func parse(_ raw: String) throws(ProtocolError) -> [String] {
        let values = raw.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !values.isEmpty else { throw ProtocolError.missingParameter("challenge_type") }
        if let unknown = values.first(where: { !known.contains($0) }) {
            throw ProtocolError.unsupportedChallengeType(unknown)
        }
        guard values.contains("redirect") else { throw ProtocolError.missingRedirect }
        var unique: [String] = []
        for value in values where !unique.contains(value) { unique.append(value) }
        return unique
    }

    /// The request's own `challenge_type` list, parsed, when it sends one (a `/challenge` may).
    static func requested(in form: FormBody) throws(ProtocolError) -> [String]? {
        try form.nonEmpty("challenge_type").map { raw throws(ProtocolError) in try parse(raw) }
    }
}
