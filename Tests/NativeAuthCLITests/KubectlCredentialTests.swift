import CLITestSupport
import Foundation
import NativeAuthShared
import NativeAuthTestSupport
import Testing

extension EmulatorProcess {
    /// Issue 35, item 15: `nativeauth token --output exec-credential` as kubectl's credential
    /// plugin, with the real `kubectl` against a small API in the test (`Tests/Servers/kube_api.py`,
    /// over TLS: kubectl gives an exec plugin's token to HTTPS servers only) that checks the bearer
    /// token, and a `nativeauth emulator` whose request log shows what kubectl's calls cost.
    @Suite(.enabled(if: KubectlSetup.available, "kubectl, openssl and curl are needed"))
    struct KubectlCredentialTests {
        /// kubectl's repeated calls are served from the cache: no request reaches the emulator.
        @Test(arguments: ["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"])
        func kubectlGetsTheCachedTokenOfTheVersionItAsksFor(apiVersion: String) async throws {
            let setup = try await KubectlSetup.start(apiVersion: apiVersion, checkingToken: true)
            defer { setup.stop() }
            let signin = try await setup.sandbox.run(["signin", "--authority", setup.emulator.authority, "alice@example.com",
                                                      "--code", KubectlSetup.code])
            try #require(signin.status == 0, "\(signin)")
            let token = try await setup.sandbox.run(["token"])
            try #require(token.status == 0, "\(token)")
            try Data(token.stdout.utf8).write(to: setup.tokenFile)
            try await setup.emulator.admin("DELETE", "requests")

            for _ in 0..<2 {
                let get = try await setup.kubectl()
                #expect(get.status == 0, "\(get)")
                #expect(get.stdout.contains(#""kind": "PodList""#), "the API took the token: \(get)")
            }
            #expect(try await setup.emulator.requestedPaths().isEmpty, "every token came from the cache")
            let seen = try await setup.authorizationsSeen()
            #expect(seen.count >= 2 && seen.allSatisfy { $0 == "Bearer " + token.stdout.trimmingCharacters(in: .newlines) }, "\(seen)")

            let printed = try await setup.sandbox.run(["token", "--output", "exec-credential"])
            #expect(printed.json?["apiVersion"] as? String == "client.authentication.k8s.io/v1", "v1 without kubectl: \(printed)")
            #expect(printed.json?["kind"] as? String == "ExecCredential", "\(printed)")
            let status = try #require(printed.json?["status"] as? [String: Any], "\(printed)")
            #expect(status["expirationTimestamp"] is String, "\(printed)")
        }

        /// With nobody signed in and kubectl at a terminal, the plugin signs in on standard error
        /// first (with an email code, or the password with --password); afterwards kubectl needs no prompt.
        @Test(.enabled(if: PseudoTerminal.pexpectAvailable, "python3 with pexpect is needed"), arguments: [
            (["--account", "alice@example.com"], "Enter code, r to resend, or q to stop: ", KubectlSetup.code, "alice@example.com"),
            (["--account", "bob@example.com", "--password"], "Password for bob@example.com: ", "Passw0rd!", "bob@example.com"),
        ])
        func atATerminalThePluginSignsInFirst(arguments: [String], prompt: String, answer: String, username: String) async throws {
            let setup = try await KubectlSetup.start(apiVersion: "client.authentication.k8s.io/v1", checkingToken: false,
                                                     extraArguments: arguments)
            defer { setup.stop() }
            let script = setup.sandbox.stateHome.appendingPathComponent("kubectl_tty.py")
            try """
                import os, sys, pexpect
                child = pexpect.spawn("kubectl", ["--kubeconfig", sys.argv[1], "get", "--raw", "/api/v1/namespaces/default/pods"],
                                      env=dict(os.environ), encoding="utf-8", timeout=90)
                child.logfile_read = sys.stderr
                child.expect_exact("kubectl's token needs a sign-in first.")
                child.expect_exact(sys.argv[3])
                child.sendline(sys.argv[2])
                child.expect_exact("Signed in as " + sys.argv[4])
                child.expect_exact('"kind": "PodList"')
                child.expect(pexpect.EOF)
                child.close()
                assert child.exitstatus == 0, child.exitstatus
                print("OK kubectl signed in")
                """.write(to: script, atomically: true, encoding: .utf8)
            let tty = try await ChildRun.run(["python3", script.path, setup.kubeconfig.path, answer, prompt, username],
                                             environment: setup.environment)
            #expect(tty.status == 0 && tty.stdout.contains("OK kubectl signed in"), "\(tty)")

            try await setup.emulator.admin("DELETE", "requests")
            let again = try await setup.kubectl()
            #expect(again.status == 0 && again.stdout.contains(#""kind": "PodList""#), "\(again)")
            #expect(!again.stderr.contains("sign-in"), "\(again)")
            #expect(try await setup.emulator.requestedPaths().isEmpty, "the second call's token came from the cache")
        }

        /// Without a terminal, nobody signed in is the usual failure, on standard error, for kubectl to show.
        @Test func withoutATerminalNobodySignedInFailsAsTokenDoes() async throws {
            let setup = try await KubectlSetup.start(apiVersion: "client.authentication.k8s.io/v1beta1", checkingToken: false)
            defer { setup.stop() }
            let get = try await setup.kubectl()
            #expect(get.status != 0, "\(get)")
            #expect(get.stderr.contains("Nobody is signed in"), "\(get)")
        }
    }
}

/// A `nativeauth emulator`, the small API on TLS, and a kubeconfig whose user runs
/// `nativeauth token --output exec-credential` against that emulator.
struct KubectlSetup {
    static let code = "15151515"
    static let available = ["kubectl version --client", "openssl version", "curl --version"]
        .allSatisfy { ChildRun.succeeds($0.split(separator: " ").map(String.init)) }

    let sandbox: CLISandbox
    let emulator: ForegroundEmulator
    let api: ChildProcess
    let apiBase: String
    let kubeconfig: URL
    let tokenFile: URL
    let certificate: URL
    /// kubectl's environment: the sandbox's, with `HOME` in it too (kubectl's cache).
    let environment: [String: String]

    static func start(apiVersion: String, checkingToken: Bool, extraArguments: [String] = []) async throws -> KubectlSetup {
        var sandbox = try CLISandbox(fixedCode: code)
        sandbox.environment["HOME"] = sandbox.stateHome.path
        let emulator = try await ForegroundEmulator.start(in: sandbox)
        let folder = sandbox.stateHome
        let certificate = folder.appendingPathComponent("api-cert.pem"), key = folder.appendingPathComponent("api-key.pem")
        let made = try await ChildRun.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                           "-keyout", key.path, "-out", certificate.path, "-days", "1", "-subj", "/CN=127.0.0.1",
                                           "-addext", "subjectAltName=IP:127.0.0.1"], environment: sandbox.environment)
        try #require(made.status == 0, "\(made)")
        let tokenFile = folder.appendingPathComponent("expected-token")
        let (api, port) = try await startAPI(certificate: certificate, key: key, tokenFile: checkingToken ? tokenFile : nil)
        let kubeconfig = folder.appendingPathComponent("kubeconfig")
        let arguments = ["token", "--output", "exec-credential", "--authority", emulator.authority] + extraArguments
        try """
            apiVersion: v1
            kind: Config
            clusters:
            - name: test
              cluster:
                server: https://127.0.0.1:\(port)
                certificate-authority: \(certificate.path)
            contexts:
            - name: test
              context: {cluster: test, user: nativeauth}
            current-context: test
            users:
            - name: nativeauth
              user:
                exec:
                  apiVersion: \(apiVersion)
                  command: \(try CLIBinary.url().path)
                  args: [\(arguments.map { "\"\($0)\"" }.joined(separator: ", "))]
                  interactiveMode: IfAvailable
            """.write(to: kubeconfig, atomically: true, encoding: .utf8)
        return KubectlSetup(sandbox: sandbox, emulator: emulator, api: api, apiBase: "https://127.0.0.1:\(port)", kubeconfig: kubeconfig,
                            tokenFile: tokenFile, certificate: certificate, environment: sandbox.environment)
    }

    /// `kubectl get --raw` of the pods of `default`, with standard input closed.
    func kubectl() async throws -> CLIResult {
        try await ChildRun.run(["kubectl", "--kubeconfig", kubeconfig.path, "get", "--raw", "/api/v1/namespaces/default/pods"],
                               environment: environment)
    }

    /// Every `Authorization` the API received.
    func authorizationsSeen() async throws -> [String] {
        let seen = try await ChildRun.run(["curl", "-s", "--cacert", certificate.path, "\(apiBase)/seen"], environment: environment)
        return (seen.json?["authorizations"] as? [String]) ?? []
    }

    func stop() {
        api.terminate()
        emulator.process.terminate()
        sandbox.remove()
    }

    /// `kube_api.py`, started and its port read from its first line.
    private static func startAPI(certificate: URL, key: URL, tokenFile: URL?) async throws -> (ChildProcess, Int) {
        try await ServerScript.start("kube_api.py", arguments: [certificate.path, key.path] + (tokenFile.map { [$0.path] } ?? []))
    }
}
