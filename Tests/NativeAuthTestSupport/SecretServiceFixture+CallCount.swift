import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension SecretServiceFixture {
    /// The methods the keyring daemon was called with while `body` ran, in order, as the bus saw them
    /// (`dbus-monitor` watching every message sent to the daemon), with what `body` returned.
    ///
    /// A `Peer.Ping` sent to the daemon before and after `body` marks where the watch starts and ends,
    /// so no call is missed or counted twice; the pings are not in the list.
    package func keyringCalls<T>(during body: () throws -> T) throws -> (result: T, methods: [String]) {
        let owner = try run("dbus-send", [
            "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetNameOwner", "string:org.freedesktop.secrets",
        ])
        let daemon = owner.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard owner.status == 0, daemon.hasPrefix(":") else { throw FixtureError(message: "no keyring on the bus: \(owner.output)") }

        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        monitor.arguments = ["dbus-monitor", "--address", busAddress, "destination='\(daemon)'"]
        let output = Pipe()
        monitor.standardOutput = output
        monitor.standardError = FileHandle.nullDevice
        let seen = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            seen.withLock { $0.append(chunk) }
        }
        try monitor.run()
        defer {
            // SIGKILL: the test process blocks SIGTERM, and its children inherit that.
            kill(monitor.processIdentifier, SIGKILL)
            monitor.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
        }
        func pings() -> Int {
            let text = seen.withLock { String(decoding: $0, as: UTF8.self) }
            return text.components(separatedBy: "member=Ping").count - 1
        }
        func ping(until count: Int) throws {
            for _ in 0..<100 {
                _ = try run("dbus-send", ["--session", "--print-reply", "--dest=\(daemon)", "/", "org.freedesktop.DBus.Peer.Ping"])
                for _ in 0..<20 where pings() < count { usleep(5_000) }
                if pings() >= count { return }
            }
            throw FixtureError(message: "dbus-monitor saw no ping")
        }
        try ping(until: 1)
        let before = pings()
        let start = seen.withLock { $0.count }
        let result = try body()
        try ping(until: before + 1)
        let text = seen.withLock { String(decoding: $0.suffix(from: start), as: UTF8.self) }
        let methods = text.split(separator: "\n")
            .filter { $0.hasPrefix("method call") }
            .compactMap { line in line.range(of: "member=").map { String(line[$0.upperBound...].prefix { $0 != " " }) } }
            .filter { $0 != "Ping" }
        return (result, methods)
    }
}
