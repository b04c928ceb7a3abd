import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of `nativeauth emulator` (the emulator in the foreground), which `nativeauth`
/// parses for its help and its checks and hands to `nativeauth-emulator`, which parses them again
/// to run it.
package struct EmulatorServeOptions: ParsableArguments {
    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    package var port: Int = 0

    @Option(name: .long, help: ArgumentHelp(
        "Address to listen on (default 127.0.0.1: this machine only). Another one (0.0.0.0, this machine's address) lets "
            + "other machines reach the emulator; its admin API then answers them only over HTTPS (--tls), with the admin token. "
            + "The emulator is not secure: do this on a network of your own only.",
        valueName: "ADDRESS"))
    package var listen: String = EmulatorServeOptions.loopback

    /// The address listened on by default: this machine only.
    package static let loopback = "127.0.0.1"

    @Option(name: .customLong("admin-token-file"), help: ArgumentHelp(
        "File holding the admin token to serve with (default $NATIVEAUTH_EMULATOR_ADMIN_TOKEN; else the token of the "
            + "instances running on the state folder, or a new one), so that several instances share one.",
        valueName: "FILE"))
    package var adminTokenFile: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Serve HTTPS (for MSAL's own SDKs, which insist on an https authority): a certificate signed by a CA the emulator "
            + "creates in its state folder (tls/ca.pem, for loopback names only; with --listen beyond loopback, tls/network-ca.pem, "
            + "for loopback and this machine's address or names only; their keys never leave the folder). Every URL it hands "
            + "out says https. "
            + "The \"ca file:\" line names the CA to trust: nativeauth --ca-file FILE or NATIVEAUTH_CA_FILE, "
            + "curl --cacert FILE, Python's REQUESTS_CA_BUNDLE or msal's verify=FILE."))
    package var tls = false

    @OptionGroup package var state: EmulatorStateOptions

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a connection may stay idle before it is closed.", valueName: "SECONDS"))
    package var idleTimeout: Double = 30

    @Option(name: .customLong("max-connections"), help: ArgumentHelp(
        "Most connections open at once (the quietest one is closed to make room).", valueName: "N"))
    package var maxConnections: Int = 512

    package init() {}

    package func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard !listen.isEmpty, !listen.contains(where: \.isWhitespace) else { throw ValidationError("--listen needs an address.") }
        guard Self.resolves(listen) else {
            throw ValidationError("--listen \(listen) is not an address: give an IP address such as 0.0.0.0, or a name of this machine.")
        }
        guard idleTimeout.isFinite, idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds.")
        }
        guard (1...100_000).contains(maxConnections) else { throw ValidationError("--max-connections must be from 1 to 100000.") }
    }

    /// Whether `address` is an IP address, or a name that resolves to one (`getaddrinfo`).
    private static func resolves(_ address: String) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, nil, &hints, &results) == 0 else { return false }
        freeaddrinfo(results)
        return true
    }

    /// The options as `nativeauth-emulator` takes them again (the same values, written out in full).
    package var arguments: [String] {
        ["--port", String(port)] + (listen == Self.loopback ? [] : ["--listen", listen]) + (tls ? ["--tls"] : [])
            + (adminTokenFile.map { ["--admin-token-file", $0] } ?? []) + state.arguments
            + ["--idle-timeout", "\(idleTimeout)", "--max-connections", String(maxConnections)]
    }
}
