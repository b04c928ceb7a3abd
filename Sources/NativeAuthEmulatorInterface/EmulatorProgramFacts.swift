/// What `nativeauth` knows of its emulator without linking it: the program's name, how to start it
/// embedded, and the tenant and client it answers for. The emulator's own `EmulatorConfiguration`
/// holds the same values; a test checks that they agree.
package enum EmulatorProgramFacts {
    /// The executable, installed beside `nativeauth` (SwiftPM builds it beside it too).
    package static let executableName = "nativeauth-emulator"
    /// The hidden subcommand that runs it for one `nativeauth` command (``EmbeddedEmulatorMessage``).
    package static let embeddedSubcommand = "embedded"
    /// The client (application) ID every emulator registers.
    package static let clientId = "e1a70000-0000-4000-8000-000000000001"
    /// The tenant subdomain it answers under (`/emulator.onmicrosoft.com`).
    package static let tenantSubdomain = "emulator"
}
