import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension EmulatorProcess {
    /// Issue 9, item 8, on the built binary: idle connections are closed, and a flood of them neither
    /// exhausts the emulator's descriptors nor keeps a real request out.
    @Suite
    struct EmulatorConnectionTests {
        /// `nativeauth emulator` with a descriptor limit of 128, through `sh -c 'ulimit -n 128; exec …'`.
        private func startWithFewDescriptors(_ sandbox: CLISandbox, extra: [String] = []) async throws -> (LiveCLI, URL, String) {
            let stateDir = sandbox.stateHome.appendingPathComponent("flooded").path
            let process = try LiveCLI(
                executable: URL(fileURLWithPath: "/bin/sh"),
                ["-c", #"ulimit -n 128 && exec "$0" "$@""#, try CLIBinary.url().path, "emulator", "--port", "0", "--state-dir", stateDir] + extra,
                environment: sandbox.environment)
            let authority = try await process.waitForStdout(#"authority: (\S+)"#)
            let token = try await process.waitForStdout(#"admin token: (\S+)"#)
            let url = URL(string: authority)!
            return (process, URL(string: "http://127.0.0.1:\(url.port!)")!, token)
        }

        @Test func healthIsAnsweredWhileMoreIdleSocketsThanDescriptorsAreOpen() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let (process, base, token) = try await startWithFewDescriptors(sandbox)
            var sockets: [Int32] = []
            defer { sockets.forEach { _ = close($0) } }
            for _ in 0..<160 { sockets.append(try LoopbackHTTP.idleConnection(port: base.port!)) }
            let health = try await LoopbackHTTP.request("GET", base.appendingPathComponent("_emulator/health"), bearer: token, timeout: 60)
            #expect(health.status == 200, "\(health)")
            #expect(process.isRunning)
            process.terminate()
            let result = await process.finish(closingInput: false)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stderr.contains("Too many open files"), "\(result.stderr.suffix(2000))")
        }

        @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let (process, base, _) = try await startWithFewDescriptors(sandbox, extra: ["--idle-timeout", "1"])
            let socket = try LoopbackHTTP.idleConnection(port: base.port!)
            defer { _ = close(socket) }
            #expect(await LoopbackHTTP.waitForClose(socket, timeout: 60), "the idle connection was kept open")
            process.terminate()
            _ = await process.finish(closingInput: false)
        }
    }
}
