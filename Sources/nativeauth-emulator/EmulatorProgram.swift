import ArgumentParser
import Dispatch
import Foundation
import Logging
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import NativeAuthShared

/// `nativeauth-emulator`: the local emulator as a program of its own, so that `nativeauth` does not
/// carry it (SwiftNIO, Hummingbird, swift-crypto). `nativeauth emulator` runs `nativeauth-emulator
/// serve` in its place with the same options; `nativeauth` starts `nativeauth-emulator embedded` for
/// a command that uses the embedded emulator.
@main
struct EmulatorProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: EmulatorProgramFacts.executableName,
        abstract: "The local emulator of the native-auth server (what `nativeauth emulator` runs).",
        subcommands: [ServeCommand.self, ResetCommand.self, ExportCommand.self, ImportCommand.self, EmbeddedCommand.self],
        defaultSubcommand: ServeCommand.self)

    /// Keeps the emulator's secrets (its signing key, codes, refresh tokens) out of core files, as
    /// `nativeauth` does for its own (an `exec` from `nativeauth emulator` made the process dumpable again).
    static func main() async {
        ProcessHardening.forbidCoreDumps()
        await parseAsRootAndRun()
    }

    private static func parseAsRootAndRun() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// `nativeauth-emulator serve` (the default; what `nativeauth emulator` runs): the emulator in the
/// foreground, printing codes as they are sent.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: EmulatorHelp.serveAbstract, discussion: EmulatorHelp.serveDiscussion)

    @OptionGroup var options: EmulatorServeOptions

    func run() async throws {
        var configuration = EmulatorConfiguration()
        configuration.port = options.port
        configuration.tls = options.tls
        configuration.stateDirectory = ProgramSettings.stateDirectory(options.state.stateDirectory)
        configuration.database = ProgramSettings.database(options.state.database)
        configuration.seedFile = options.state.seed.map { URL(fileURLWithPath: $0) }
        configuration.onCodeSent = { ProgramOutput.info(EmbeddedCode($0).announcement) }
        configuration.idleTimeout = options.idleTimeout
        configuration.maxConnections = options.maxConnections
        // The admin token: the one given (--admin-token-file, NATIVEAUTH_EMULATOR_ADMIN_TOKEN), else, with
        // a state folder, the one of the instances already running on it (so `cat STATE/admin-token` opens
        // every one of them), else a new one, written (0600) to admin-token there; the lease is held until
        // the process ends. Without a folder, the given one or a new one.
        let lease: AdminTokenLease?
        let given: String?
        do {
            configuration.fixedCode = try ProgramSettings.fixedCode(codeLength: configuration.codeLength)
            given = try ProgramSettings.adminToken(file: options.adminTokenFile)
            lease = try configuration.stateDirectory.map { try AdminTokenLease.acquire(stateDirectory: $0, token: given) }
        } catch {
            ProgramOutput.fail("The emulator could not start: \(error)")
        }
        let adminToken = lease?.token ?? given ?? EmulatorConfiguration.makeAdminToken()
        configuration.adminToken = adminToken
        configuration.host = options.listen
        // Warnings and errors only: the emulator's start notice would repeat, in one long line, what
        // the lines below say.
        var logger = Logger(label: "nativeauth.emulator", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        configuration.logger = logger

        let emulator: Emulator
        do {
            emulator = try await Emulator.start(configuration)
        } catch {
            if options.port != 0, PortInUse.check(options.port) {
                ProgramOutput.fail("Port \(options.port) on 127.0.0.1 is already in use (by another `nativeauth emulator`, or another "
                    + "program): give another --port, or --port 0 for a free one.")
            }
            ProgramOutput.fail("The emulator could not start: \(error)")
        }
        // Before the lines a caller waits for: a stop asked for once they are out is a clean stop.
        // SIGQUIT would start the Swift runtime's backtracer; the emulator has nothing to save, so it just ends.
        _ = signal(SIGQUIT, { _ in _exit(128 + SIGQUIT) })
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                ProgramOutput.info("Stopping the emulator…")
                Task { try? await emulator.stop() }
            }
            source.resume()
            return source
        }
        if let authority = emulator.certificateAuthority {
            ProgramOutput.result("ca file: \(authority.certificateFile?.path ?? "(in memory)")")
        }
        ProgramOutput.result("authority: \(emulator.authority.absoluteString)")
        ProgramOutput.result("client id: \(EmulatorConfiguration.defaultClientId)")
        ProgramOutput.result("admin token: \(adminToken)")
        // The reset of this state, to the users of this seed file.
        // The database as its location says it, without a password (never printed): PGPASSWORD gives it.
        let resetFlag = (configuration.database.map { _ in " --database \(ShellWord.quoted(configuration.stateLocation))" }
            ?? options.state.stateDirectory.map { _ in " --state-dir \(ShellWord.quoted(configuration.stateDirectory?.path ?? ""))" } ?? "")
            + (options.state.seed.map { " --seed \(ShellWord.quoted($0))" } ?? "")
        let passwordNote = configuration.database.flatMap { URLComponents(string: $0)?.password } == nil ? "" : ", with PGPASSWORD holding the password,"
        ProgramOutput.result("state: \(configuration.stateLocation) (`nativeauth emulator reset\(resetFlag)`\(passwordNote) puts the demo users back)")

        do {
            try await emulator.waitUntilStopped()
        } catch {
            ProgramOutput.fail("The emulator stopped with an error: \(error)")
        }
        sources.forEach { $0.cancel() }
        withExtendedLifetime(lease) {}  // the admin token stays shared while this instance serves
    }
}
