// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "NativeAuth",
    platforms: [.macOS(.v15), .iOS(.v18)],  // Synchronization.Mutex needs macOS 15 / iOS 18
    products: [
        .library(name: "NativeAuth", targets: ["NativeAuth"]),
        .library(name: "NativeAuthURLSession", targets: ["NativeAuthURLSession"]),
        .library(name: "NativeAuthEmulator", targets: ["NativeAuthEmulator"]),
        .executable(name: "nativeauth", targets: ["NativeAuthCLI"]),
        .executable(name: "nativeauth-emulator", targets: ["nativeauth-emulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The emulator's HTTPS (`nativeauth emulator --tls`): its CA and server certificate.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // The emulator's database in a state folder: SQLite (the system's libsqlite3), through GRDB.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The emulator's database shared by many instances (`--database postgres://…`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation --target NativeAuth`: the DocC catalog (a plugin only).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Small pieces every target needs once (base64url, masking, loopback, file locks, atomic
        // files, JSON, the version): Foundation only, `package` access, not a product.
        .target(name: "NativeAuthShared", swiftSettings: strict),
        // The library: Foundation, swift-log, and on Linux libcurl (its default transport, loaded on
        // first use). On Apple platforms it also holds `URLSessionTransport` (its default there).
        .target(
            name: "NativeAuth",
            dependencies: [
                "NativeAuthShared",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
                .target(name: "CKernelKeys", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        // libcurl for `CurlTransport`: opened with dlopen on first use (not linked, so a process that
        // sends nothing never loads it), typed wrappers over its variadic calls. Only libcurl's
        // headers (libcurl4-openssl-dev) are needed to build.
        .target(name: "CCurl"),
        // The kernel's key retention service (`add_key`, `keyctl`), where `SecretServiceTokenStore`
        // keeps a short-lived copy of what it read from the keyring: system calls only, no library.
        .target(name: "CKernelKeys"),
        // `URLSessionTransport` on Linux, where it is opt-in: kept out of NativeAuth there because
        // FoundationNetworking links libcurl, which every program using NativeAuth (`nativeauth`
        // included) would then load at start. The two source files are symbolic links to the ones
        // in Sources/NativeAuth/Transport, compiled here on Linux and there elsewhere (the
        // `NATIVEAUTH_URLSESSION_MODULE` condition at their top); on Apple platforms this module is empty.
        .target(
            name: "NativeAuthURLSession",
            dependencies: ["NativeAuth"],
            swiftSettings: strict + [.define("NATIVEAUTH_URLSESSION_MODULE")]
        ),
        // A stateful local emulator of the native-auth server.
        .target(
            name: "NativeAuthEmulator",
            dependencies: [
                "NativeAuthShared",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        // What `nativeauth` and `nativeauth-emulator` agree on without `nativeauth` linking the
        // emulator: the emulator's options and help, and the lines of its embedded mode.
        .target(
            name: "NativeAuthEmulatorInterface",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // `nativeauth-emulator`: the emulator as a program of its own (`nativeauth emulator` runs it;
        // the embedded emulator is one, started by the command that needs it).
        .executableTarget(
            name: "nativeauth-emulator",
            dependencies: [
                "NativeAuthEmulator", "NativeAuthEmulatorInterface", "NativeAuthShared",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The commands of `nativeauth` (parsing, the flows' prompts, output, exit codes): a library, so
        // that tests run them in process; not a product. It does not link the emulator.
        .target(
            name: "NativeAuthCommands",
            dependencies: [
                "NativeAuth",
                "NativeAuthEmulatorInterface",
                "NativeAuthShared",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // `nativeauth`: its `@main` only calls into NativeAuthCommands.
        .executableTarget(name: "NativeAuthCLI", dependencies: ["NativeAuthCommands"], swiftSettings: strict),

        // Test helpers shared by the test targets: the replay transport and the recordings loader.
        .target(
            name: "NativeAuthTestSupport",
            dependencies: ["NativeAuth", "NativeAuthShared", .product(name: "Logging", package: "swift-log")],
            path: "Tests/NativeAuthTestSupport",
            swiftSettings: strict
        ),
        // A PostgreSQL server of a test's own (initdb in a temporary folder, a loopback port): Foundation only.
        .target(name: "PostgresTestSupport", path: "Tests/PostgresTestSupport", swiftSettings: strict),
        // What the two CLI test targets share: a finished command's result and an emulator's admin API.
        .target(name: "CLITestSupport", path: "Tests/CLITestSupport", swiftSettings: strict),
        .testTarget(name: "NativeAuthSharedTests", dependencies: ["NativeAuthShared"], swiftSettings: strict),
        // The repository's own checks (scripts/), run as tests so that each is shown to fail once.
        .testTarget(name: "ScriptTests", swiftSettings: strict),
        .testTarget(
            name: "NativeAuthTests",
            dependencies: ["NativeAuth", "NativeAuthShared", "NativeAuthTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(name: "TutorialSnippetTests", dependencies: ["NativeAuth", "NativeAuthTestSupport"], swiftSettings: strict),
        // Benchmark of complete OTP sign-ins against the emulator (bench/emulator-signins.sh).
        .executableTarget(
            name: "EmulatorBench",
            dependencies: ["NativeAuthEmulator"],
            path: "bench/EmulatorBench",
            swiftSettings: strict
        ),
        .testTarget(
            name: "NativeAuthEmulatorTests",
            dependencies: ["NativeAuthEmulator", "NativeAuthShared", "PostgresTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdTesting", package: "hummingbird")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "NativeAuthEmulatorReplayTests",
            dependencies: ["NativeAuthEmulator", "NativeAuthShared", "NativeAuthTestSupport",
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdTesting", package: "hummingbird")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "NativeAuthEndToEndTests",
            dependencies: ["NativeAuth", "NativeAuthURLSession", "NativeAuthEmulator", "NativeAuthTestSupport"],
            swiftSettings: strict
        ),
        // The `nativeauth` binary in a process of its own: terminals, signals, files, other programs.
        .testTarget(name: "NativeAuthCLITests", dependencies: ["NativeAuthShared", "CLITestSupport"], swiftSettings: strict),
        // The commands run in process (parsing, flows, failure mapping, output) against in-process emulators.
        .testTarget(
            name: "NativeAuthCommandsTests",
            dependencies: [
                "NativeAuthCommands", "NativeAuth", "NativeAuthEmulator", "NativeAuthEmulatorInterface", "NativeAuthShared",
                "CLITestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
