import Foundation
import NativeAuthShared
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A Secret Service of the test's own: a private session bus (`dbus-daemon` with a configuration
/// that activates nothing, so a keyring that stops stays stopped) and GNOME Keyring's daemon on it,
/// its `login` keyring created and unlocked with a password given on standard input, all under a
/// private home folder.
///
/// Needs Debian's `dbus-daemon`, `gnome-keyring`, `libsecret-1-0` and `libsecret-tools`; tests that use
/// it are skipped without them, except under CI (`CI` set), where they run and fail.
///
/// This file is compiled into NativeAuthTestSupport and, through a symbolic link, NativeAuthCLITests.
package final class SecretServiceFixture: Sendable {
    /// The private home folder: `HOME`, and the XDG folders below it.
    package let home: URL
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    package let busAddress: String
    private let processes: Mutex<(bus: Process?, keyring: Process?)>
    /// The standard input of the bus's child: closing it ends the bus.
    private let lifeline: Pipe

    /// What a program needs to use this Secret Service: the bus, the private home and XDG folders.
    package var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
            "HOME": home.path,
            "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
        ]
    }

    /// The programs the fixture runs, looked up on `PATH`.
    package static let programs = ["python3", "dbus-run-session", "dbus-send", "gnome-keyring-daemon", "secret-tool"]

    /// Why the fixture cannot run here, or nil when it can.
    package static let missing: String? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let absent = programs.filter { program in
            !path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
        let libsecret = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .contains { FileManager.default.fileExists(atPath: "\($0)/libsecret-1.so.0") }
        let needed = absent + (libsecret ? [] : ["libsecret-1.so.0"])
        guard !needed.isEmpty else { return nil }
        return "a private Secret Service needs \(needed.joined(separator: ", ")) "
            + "(apt-get install dbus-daemon gnome-keyring libsecret-1-0 libsecret-tools)"
    }()

    /// Whether tests that need the fixture run: when it can, and always under CI (to fail there).
    package static var enabled: Bool { missing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// ``start()`` on a thread of its own, for an async test: the daemons take seconds to start, and a
    /// test that waits for them should not hold one of the cooperative pool's few threads.
    package static func started() async throws -> SecretServiceFixture {
        try await DetachedThread.run { try start() }
    }

    /// Starts the bus and the keyring daemon, and waits until the keyring takes an item.
    package static func start() throws -> SecretServiceFixture {
        if let missing { throw FixtureError(message: missing) }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-keyring-\(UUID().uuidString)")
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.path)
        let configuration = home.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(runtime.path)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)

        // dbus-run-session ends the bus when its child ends: the child waits for its standard input to
        // close, which happens when the fixture stops or this process ends, so no daemon outlives a test run.
        let bus = try daemon("dbus-run-session", [
            "--config-file=\(configuration.path)", "--", "/bin/sh", "-c",
            #"printf '%s\n' "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null"#,
        ])
        let address = Pipe()
        let lifeline = Pipe()
        closeOnExec(lifeline.fileHandleForWriting)
        bus.standardInput = lifeline
        bus.standardOutput = address
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        var printed = Data()
        while !printed.contains(0x0A) {
            let chunk = address.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let busAddress = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let fixture = SecretServiceFixture(home: home, busAddress: busAddress, bus: bus, lifeline: lifeline)
        guard !busAddress.isEmpty else {
            fixture.stop()
            throw FixtureError(message: "dbus-daemon printed no address")
        }
        do {
            try fixture.startKeyring()
        } catch {
            fixture.stop()
            throw error
        }
        return fixture
    }

    private init(home: URL, busAddress: String, bus: Process, lifeline: Pipe) {
        self.home = home
        self.busAddress = busAddress
        self.lifeline = lifeline
        processes = Mutex((bus, nil))
    }

    /// Starts `gnome-keyring-daemon --components=secrets --unlock` (the password on standard input) and
    /// waits until an item can be stored.
    package func startKeyring() throws {
        let keyring = try Self.daemon("gnome-keyring-daemon", ["--foreground", "--components=secrets", "--unlock"])
        keyring.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let password = Pipe()
        Self.closeOnExec(password.fileHandleForWriting)
        keyring.standardInput = password
        keyring.standardOutput = FileHandle.nullDevice
        keyring.standardError = FileHandle.nullDevice
        try keyring.run()
        password.fileHandleForWriting.write(Data("fixture-password".utf8))
        try password.fileHandleForWriting.close()
        processes.withLock { $0.keyring = keyring }
        // Ready when an item can be stored (the login keyring exists and is unlocked).
        for _ in 0..<200 {
            let stored = try run("secret-tool", ["store", "--label=fixture", "fixture", "ready"], input: "ready")
            if stored.status == 0 {
                _ = try run("secret-tool", ["clear", "fixture", "ready"])
                return
            }
            guard keyring.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw FixtureError(message: "gnome-keyring-daemon did not start a usable keyring")
    }

    /// Stops the keyring daemon (the bus stays), as when it crashes or the session ends.
    package func stopKeyring() {
        let keyring = processes.withLock { state in
            defer { state.keyring = nil }
            return state.keyring
        }
        guard let keyring else { return }
        // SIGKILL: a crash, and the one signal a mask inherited from the test process cannot hold back.
        kill(keyring.processIdentifier, SIGKILL)
        keyring.waitUntilExit()
    }

    /// Locks the `login` keyring, as a screen locker or a keyring manager does.
    package func lock() throws {
        let locked = try run("dbus-send", [
            "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
            "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
        ])
        guard locked.status == 0 else { throw FixtureError(message: "could not lock the keyring: \(locked.output)") }
    }

    /// Every item with the attribute `name` = `value` (`secret-tool search --all`), as it prints them.
    package func search(_ name: String, _ value: String) throws -> String {
        try run("secret-tool", ["search", "--all", name, value]).output
    }

    /// Stops the daemons and removes the private home.
    package func stop() {
        stopKeyring()
        let bus = processes.withLock { state in
            defer { state.bus = nil }
            return state.bus
        }
        try? lifeline.fileHandleForWriting.close()
        bus?.waitUntilExit()
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `program` with this fixture's environment; its status and what it printed (both streams).
    package func run(_ program: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try Self.executable(program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    /// A process that runs `program` with every signal unblocked: a test process blocks some (and a
    /// child inherits its mask), and a daemon that never sees SIGTERM would outlive its bus.
    private static func daemon(_ program: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try executable("python3")
        process.arguments = [
            "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            try executable(program).path,
        ] + arguments
        return process
    }

    /// Marks `handle` close-on-exec, so only the process it was made for holds it.
    private static func closeOnExec(_ handle: FileHandle) {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func executable(_ program: String) throws -> URL {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let directory = path.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }) else {
            throw FixtureError(message: "\(program) is not installed")
        }
        return URL(fileURLWithPath: "\(directory)/\(program)")
    }

    /// The fixture could not start.
    package struct FixtureError: Error, CustomStringConvertible {
        package let message: String
        package init(message: String) { self.message = message }
        package var description: String { message }
    }
}
