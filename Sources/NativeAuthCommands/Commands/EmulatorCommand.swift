import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import Logging
import NativeAuthEmulator

/// `nativeauth emulator`: runs the emulator in the foreground, printing codes as they are sent.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Run the local emulator in the foreground, printing codes as they are \"sent\".",
        discussion: """
            A local, NOT SECURE test double of the native-auth server on 127.0.0.1. Demo users: \
            alice@example.com (email code), bob@example.com (password Passw0rd!). Its admin API \
            (/_emulator/: codes, clock, faults, users, reset) needs the admin token it makes at every \
            start: printed as "admin token: ..." and written to the file admin-token (mode 0600) in its \
            state folder; send it as "Authorization: Bearer TOKEN". Stops gracefully on Ctrl-C, \
            SIGTERM or SIGHUP (exit 0); SIGQUIT ends it at once (exit 131). Set \
            NATIVEAUTH_EMULATOR_FIXED_CODE to make every code that value (for tests).

            EXAMPLES:
              nativeauth emulator --port 8080
              nativeauth emulator --tls --port 8443    # then: export NATIVEAUTH_CA_FILE=<the "ca file:" it prints>
              nativeauth signin --authority http://127.0.0.1:8080/emulator.onmicrosoft.com alice@example.com
              curl -H "Authorization: Bearer $(cat ~/.local/state/nativeauth/emulator/admin-token)" \\
                'http://127.0.0.1:8080/_emulator/codes?username=alice@example.com'
              nativeauth emulator reset    # the demo users back, as they were seeded
            """,
        subcommands: [EmulatorResetCommand.self])

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port: Int = 0

    @Flag(name: .long, help: ArgumentHelp(
        "Serve HTTPS (for MSAL's own SDKs, which insist on an https authority): a certificate signed by a CA the emulator "
            + "creates in its state folder (tls/ca.pem; its key never leaves the folder). Every URL it hands out says https. "
            + "The \"ca file:\" line names the CA to trust: nativeauth --ca-file FILE or NATIVEAUTH_CA_FILE, "
            + "curl --cacert FILE, Python's REQUESTS_CA_BUNDLE or msal's verify=FILE."))
    var tls = false

    @OptionGroup var state: EmulatorStateOptions

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a connection may stay idle before it is closed.", valueName: "SECONDS"))
    var idleTimeout: Double = 30

    @Option(name: .customLong("max-connections"), help: ArgumentHelp(
        "Most connections open at once (the quietest one is closed to make room).", valueName: "N"))
    var maxConnections: Int = 512

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard idleTimeout.isFinite, idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds.")
        }
        guard (1...100_000).contains(maxConnections) else { throw ValidationError("--max-connections must be from 1 to 100000.") }
    }

    func run() async throws {
        var configuration = EmulatorConfiguration()
        configuration.port = port
        configuration.tls = tls
        configuration.stateDirectory = state.stateDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? EmulatorSettings.stateDirectory
        configuration.seedFile = state.seed.map { URL(fileURLWithPath: $0) }
        configuration.fixedCode = EmulatorSettings.fixedCode
        configuration.onCodeSent = EmulatorSettings.printCode
        configuration.idleTimeout = idleTimeout
        configuration.maxConnections = maxConnections
        // A new admin token at every start; the emulator also writes it (0600) to admin-token in its state folder.
        let adminToken = EmulatorConfiguration.makeAdminToken()
        configuration.adminToken = adminToken
        var logger = Logger(label: "nativeauth.emulator", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .notice
        configuration.logger = logger

        let emulator: Emulator
        do {
            emulator = try await Emulator.start(configuration)
        } catch {
            Console.report(CLIFailure(.failure, "The emulator could not start: \(error)"), verbose: false)
            throw CLIExit.failure.exitCode
        }
        if let authority = emulator.certificateAuthority {
            Console.result("ca file: \(authority.certificateFile?.path ?? "(in memory)")")
        }
        Console.result("authority: \(emulator.authority.absoluteString)")
        Console.result("client id: \(EmulatorConfiguration.defaultClientId)")
        Console.result("admin token: \(adminToken)")
        let folder = configuration.stateDirectory?.path ?? "(in memory)"
        let resetFlag = state.stateDirectory == nil ? "" : " --state-dir \(BrowserFallbackOffer.quoted(folder))"
        Console.result("state: \(folder) (`nativeauth emulator reset\(resetFlag)` puts the demo users back)")

        // SIGQUIT would start the Swift runtime's backtracer; the emulator has nothing to save, so it just ends.
        _ = signal(SIGQUIT, { _ in _exit(128 + SIGQUIT) })
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Console.info("Stopping the emulator…")
                Task { try? await emulator.stop() }
            }
            source.resume()
            return source
        }
        do {
            try await emulator.waitUntilStopped()
        } catch {
            Console.report(CLIFailure(.failure, "The emulator stopped with an error: \(error)"), verbose: false)
            throw CLIExit.failure.exitCode
        }
        sources.forEach { $0.cancel() }
    }
}
