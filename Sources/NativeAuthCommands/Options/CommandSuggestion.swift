/// What to suggest for a command `nativeauth` does not have: the command other tools name that way
/// (`accounts` → `status`, as `gh auth status` lists them), else the nearest name by spelling.
enum CommandSuggestion {
    /// Words of other tools (and plain English) for the commands there are.
    static let synonyms: [String: String] = [
        "accounts": "status", "account": "status", "list": "status", "ls": "status", "whoami": "status", "show": "status",
        "sign-in": "signin", "log-in": "signin", "auth": "signin",
        "sign-out": "signout", "log-out": "signout", "logoff": "signout",
        "sign-up": "signup", "register": "signup", "create": "signup",
        "forgot-password": "reset-password", "reset": "reset-password", "password": "reset-password",
        "use": "switch", "select": "switch", "set": "switch",
        "get-token": "token", "access-token": "token",
        "request": "call", "api": "call", "curl": "call",
        "server": "emulator",
    ]

    /// The command to suggest for `word` among `commands`; nil when nothing is close.
    static func suggestion(for word: String, among commands: [String]) -> String? {
        let lowered = word.lowercased()
        if let synonym = synonyms[lowered], commands.contains(synonym) { return synonym }
        let nearest = commands.map { ($0, distance(lowered, $0)) }.min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= max(1, min(2, lowered.count / 3)) else { return nil }
        return nearest.0
    }

    /// The Levenshtein distance between `a` and `b` (short words only: command names).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
