import Foundation

extension Emulator {
    /// Puts the state in `configuration`'s state folder back to the seeded state, as
    /// `POST /_emulator/reset` does, without starting a server: the demo users and the seed file's
    /// (``EmulatorConfiguration/seedFile``), no flows, refresh tokens or codes. The tenant ID and the
    /// signing key stay. An emulator running on the same folder sees the change (the state on disk
    /// is authoritative).
    ///
    /// ```swift
    /// var configuration = EmulatorConfiguration()
    /// configuration.stateDirectory = URL(fileURLWithPath: "/tmp/emulator-state", isDirectory: true)
    /// try Emulator.resetState(configuration)
    /// ```
    public static func resetState(_ configuration: EmulatorConfiguration) throws {
        try EmulatorCore(configuration: configuration).reset()
    }
}
