// swift-tools-version:6.1
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
        // NativeAuth on a server: sealed, resumable flow states, the per-user store's server side,
        // tracing and metrics (swift-crypto, swift-metrics, swift-distributed-tracing).
        .library(name: "NativeAuthServer", targets: ["NativeAuthServer"]),
        // The per-user token store and the record of resumed states on PostgreSQL (postgres-nio).
        .library(name: "NativeAuthPostgres", targets: ["NativeAuthPostgres"]),
        .executable(name: "nativeauth", targets: ["NativeAuthCLI"]),
        .executable(name: "nativeauth-emulator", targets: ["nativeauth-emulator"]),
        // The worked example of NativeAuth on a server: a sign-in website (Examples/NativeAuthWebExample).
        .executable(name: "nativeauth-web-example", targets: ["NativeAuthWebExample"]),
    ],
    // `swift build --traits OTel`: nativeauth-web-example exports its logs, metrics and traces over
    // OTLP/HTTP through swift-otel (off by default: it would add some 7 minutes to a clean build).
    traits: [
        .trait(name: "OTel", description: "nativeauth-web-example exports logs, metrics and traces over OTLP (swift-otel)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The emulator's HTTPS (`nativeauth emulator --tls`): its CA and server certificate.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // NativeAuthServer and NativeAuthPostgres: what server Swift libraries use (the first three
        // come with Hummingbird already), and PostgreSQL's client.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS to the emulator's PostgreSQL (`sslmode`); it comes with Hummingbird's TLS and postgres-nio already.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The emulator's database in a state folder: SQLite (the system's libsqlite3), through GRDB.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The web example's exporter of logs, metrics and traces, with the OTel trait only.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        // The web example's sessions (SessionMiddleware over a persist driver).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
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
        // NativeAuth on a server: sealing flow states (swift-crypto), the record of resumed states,
        // the at-rest cipher of refresh tokens, spans and metrics around the transport. Not linked
        // by `nativeauth`.
        .target(
            name: "NativeAuthServer",
            dependencies: [
                "NativeAuth", "NativeAuthShared",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strict
        ),
        // The per-user token store and the record of resumed states on PostgreSQL, with an in-memory
        // first level and the schema's migrations.
        .target(
            name: "NativeAuthPostgres",
            dependencies: [
                "NativeAuth", "NativeAuthServer", "NativeAuthShared",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
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
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
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

        // `nativeauth-web-example`: a sign-in website on NativeAuthServer and NativeAuthPostgres
        // (Hummingbird 2), the worked example of Sources/NativeAuth/NativeAuth.docc's "NativeAuth on a server".
        .executableTarget(
            name: "NativeAuthWebExample",
            dependencies: [
                "NativeAuth", "NativeAuthServer", "NativeAuthPostgres", "NativeAuthShared",
                "NativeAuthEmulatorInterface",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["OTel"])),
            ],
            path: "Examples/NativeAuthWebExample",
            exclude: ["README.md"],
            swiftSettings: strict
        ),

        // Test helpers shared by the test targets: the replay transport and the recordings loader.
        .target(
            name: "NativeAuthTestSupport",
            dependencies: ["NativeAuth", "NativeAuthShared", .product(name: "Logging", package: "swift-log")],
            path: "Tests/NativeAuthTestSupport",
            swiftSettings: strict
        ),
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
        // Sealing and resuming flow states, the per-user store's server side.
        .testTarget(
            name: "NativeAuthServerTests",
            dependencies: ["NativeAuth", "NativeAuthServer", "NativeAuthTestSupport",
                           .product(name: "Tracing", package: "swift-distributed-tracing"),
                           .product(name: "MetricsTestKit", package: "swift-metrics")],
            swiftSettings: strict
        ),
        // The PostgreSQL store against a real PostgreSQL: a private cluster the tests start (initdb).
        .testTarget(
            name: "NativeAuthPostgresTests",
            dependencies: ["NativeAuth", "NativeAuthServer", "NativeAuthPostgres", "NativeAuthTestSupport",
                           .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: strict
        ),
        // nativeauth-web-example as three processes on one PostgreSQL behind nginx, in headless Chromium.
        .testTarget(
            name: "NativeAuthWebExampleTests",
            dependencies: ["NativeAuthShared", "NativeAuthTestSupport"],
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
        // The PostgreSQL token store's cost with few and many accounts (bench/store-cost.sh).
        .executableTarget(
            name: "StoreBench",
            dependencies: ["NativeAuth", "NativeAuthServer", "NativeAuthPostgres", .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "Logging", package: "swift-log")],
            path: "bench/StoreBench",
            swiftSettings: strict
        ),
        .testTarget(
            name: "NativeAuthEmulatorTests",
            dependencies: ["NativeAuthEmulator", "NativeAuthShared", "NativeAuthTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
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
        .testTarget(name: "NativeAuthCLITests", dependencies: ["NativeAuthShared", "CLITestSupport", "NativeAuthTestSupport"], swiftSettings: strict),
        // The commands run in process (parsing, flows, failure mapping, output) against in-process emulators.
        .testTarget(
            name: "NativeAuthCommandsTests",
            dependencies: [
                "NativeAuthCommands", "NativeAuth", "NativeAuthEmulator", "NativeAuthEmulatorInterface", "NativeAuthShared",
                "CLITestSupport", "NativeAuthTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
