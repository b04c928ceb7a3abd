import Foundation
import Testing

/// A real client that nobody here wrote: Microsoft's MSAL for Python (PyPI `msal`, installed by
/// `.ci/run`) against `nativeauth emulator --tls` (`Tests/BrowserDrivers/msal_client.py`): discovery
/// (both ways MSAL accepts a host it does not know), an interactive sign-in through the emulator's
/// page in headless Chromium, and a refresh-token grant. And `nativeauth` itself over HTTPS with
/// `--ca-file` / `NATIVEAUTH_CA_FILE`.
@Suite(.serialized, .timeLimit(.minutes(10)),
       .enabled(if: MSALPython.available || ProcessInfo.processInfo.environment["CI"] != nil,
                "python3 with msal, selenium, chromium and chromium-driver are needed (CI installs them)"))
struct MSALPythonTests {
    /// Runs `body` with a `nativeauth emulator --tls` in a fresh sandbox: its authority and CA file.
    static func withTLSEmulator(_ body: (CLISandbox, _ authority: String, _ caFile: String) async throws -> Void) async throws {
        var sandbox = try HeadlessBrowser.sandbox(secret: "24682468", prefix: "msal-")
        defer { sandbox.remove() }
        let state = sandbox.stateHome.appendingPathComponent("tls-emulator").path
        let emulator = try sandbox.start(["emulator", "--tls", "--port", "0", "--state-dir", state])
        let caFile = try await emulator.waitForStdout(#"ca file: (\S+)"#)
        let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
        let wrapper = sandbox.stateHome.appendingPathComponent("msal-browser")
        // Python's webbrowser waits for $BROWSER to exit, and MSAL serves its loopback redirect only
        // after that: the wrapper starts the driver in the background and returns at once.
        try Data("#!/bin/sh\npython3 '\(HeadlessBrowser.drivers.appendingPathComponent("msal_browser.py").path)' \"$@\" &\n".utf8)
            .write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        sandbox.environment["BROWSER"] = wrapper.path  // Python's webbrowser runs $BROWSER as one program
        do {
            try await body(sandbox, authority, caFile)
        } catch {
            emulator.terminate()
            _ = await emulator.finish()
            throw error
        }
        emulator.terminate()
        let stopped = await emulator.finish()
        #expect(stopped.status == 0, "\(stopped)")
    }

    @Test func theEmulatorPrintsAnHTTPSAuthorityAndItsCA() async throws {
        try await Self.withTLSEmulator { sandbox, authority, caFile in
            #expect(authority.hasPrefix("https://127.0.0.1:") && authority.hasSuffix("/emulator.onmicrosoft.com"), "\(authority)")
            #expect(caFile == sandbox.stateHome.appendingPathComponent("tls-emulator/tls/ca.pem").path, "\(caFile)")
            let pem = try String(contentsOfFile: caFile, encoding: .utf8)
            #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
            let key = sandbox.stateHome.appendingPathComponent("tls-emulator/tls/ca-key.pem").path
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(String(mode, radix: 8))")
        }
    }

    @Test func msalDiscoversTheEmulatorOverHTTPS() async throws {
        try await Self.withTLSEmulator { sandbox, authority, caFile in
            let result = try await HeadlessBrowser.python(["msal_client.py", "discovery", authority, caFile], sandbox: sandbox)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK oidc_authority"), "\(result)")
            #expect(result.stdout.contains("OK authority"), "\(result)")
            #expect(result.stdout.contains("OK without the CA: SSLError"), "\(result)")
        }
    }

    @Test func msalSignsInInTheBrowserThenRefreshes() async throws {
        try await Self.withTLSEmulator { sandbox, authority, caFile in
            let result = try await HeadlessBrowser.python(["msal_client.py", "interactive", authority, caFile], sandbox: sandbox)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK interactive: signed in as alice@example.com"), "\(result)")
            #expect(result.stdout.contains("OK me: Alice Example"), "\(result)")
            #expect(result.stdout.contains("OK refresh: a new access token from the refresh-token grant"), "\(result)")
            #expect(result.stdout.contains("OK me again: alice@example.com"), "\(result)")
        }
    }

    @Test func nativeauthSignsInAndCallsOverHTTPSWithTheCAFile() async throws {
        try await Self.withTLSEmulator { sandbox, authority, caFile in
            let refused = try await sandbox.run(["signin", "--authority", authority, "alice@example.com", "--code", "24682468"])
            #expect(refused.status == 5, "the system's CAs do not know the emulator's: \(refused)")
            #expect(refused.stderr.contains("certificate") || refused.stderr.contains("SSL"), "\(refused)")

            let signIn = try await sandbox.run(["signin", "--authority", authority, "alice@example.com", "--code", "24682468",
                                                "--ca-file", caFile])
            #expect(signIn.status == 0, "\(signIn)")
            let base = String(authority.dropLast("/emulator.onmicrosoft.com".count))
            var withVariable = sandbox
            withVariable.environment["NATIVEAUTH_CA_FILE"] = caFile
            let call = try await withVariable.run(["call", "\(base)/v1.0/me"])
            #expect(call.status == 0, "\(call)")
            #expect(call.json?["displayName"] as? String == "Alice Example", "\(call)")

            // Issue 35, item 27: the CA given at the sign-in is remembered for the place.
            let remembered = try await sandbox.run(["call", "\(base)/v1.0/me"])
            #expect(remembered.status == 0, "\(remembered)")
            let untrusted = try await sandbox.run(["call", "\(base)/v1.0/me", "--ca-file", "/etc/ssl/certs/ca-certificates.crt"])
            #expect(untrusted.status == 5, "\(untrusted)")
            #expect(untrusted.stderr.contains("--ca-file"), "\(untrusted)")
        }
    }
}

enum MSALPython {
    static let available: Bool = HeadlessBrowser.available && ChildRun.succeeds(["python3", "-c", "import msal, cryptography"])
}
