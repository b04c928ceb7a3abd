import NativeAuth
import NativeAuthShared

/// "The command to run next" as a hint prints it for a person to copy: `nativeauth`, the command and
/// its own words, then the flags that chose where the printing command ran (the place: `--tenant`,
/// `--authority`, `--client-id`; the token store: `--ca-file`, `--store-dir`, `--storage`; `--api`,
/// `--scope`), and the operand (an address, `call`'s URL) last. Every such hint is built here: a
/// command printed without the place runs at the embedded emulator instead (with a tenant's address:
/// a sign-in at the local emulator). It is made from a command's own flags
/// (``init(_:api:scope:again:operand:)``, in Options) or a stored account's place
/// (``init(account:options:extra:)``, in Configuration).
struct NextCommand: Sendable {
    /// The flags that choose the place and the token store, as the words of a command line.
    let placeArguments: [String]
    /// The printing command and the flags that chose its method (`signin --password`), for the
    /// hints that say to run it again; empty outside `signin`, `signup` and `reset-password`.
    let again: [String]
    /// The operand the printing command was given on its command line, repeated when it is run
    /// again: the address (for `token` and `call`'s sign-ins, the account's), or `call`'s URL.
    let operand: String?

    init(placeArguments: [String], again: [String] = [], operand: String? = nil) {
        self.placeArguments = placeArguments
        self.again = again
        self.operand = operand
    }

    /// `nativeauth` `command` (its name and own words) at this place, then `operand` (an address, a
    /// URL) if given: each word quoted for a POSIX shell, without the controls of a terminal (a
    /// server chose some of them, such as a claims challenge).
    func line(_ command: [String], operand: String? = nil) -> String {
        let operand = operand.map { $0.trimmed(.whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        let words = ["nativeauth"] + command + placeArguments + (operand.map { [$0] } ?? [])
        return ShellWord.commandLine(words.map { TerminalText.sanitized($0, limit: 4096) })
    }

    /// The printing command again, at the same place, with the same method and operand; without an
    /// operand, `placeholder` stands in its place (`ADDRESS`, for a person to replace).
    func againLine(placeholder: String? = nil) -> String {
        line(again, operand: operand ?? placeholder)
    }
}
