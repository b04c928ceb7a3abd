import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// `acquireTokenWithDeviceCode` against the emulator over loopback: the codes, the verification
/// page, and polling through the application's clock (`slow_down`, expiry, declined).
@Suite(.timeLimit(.minutes(10)))
struct DeviceCodeEndToEndTests {
    /// A person on the verification page: types the user code, signs in, then continues or cancels.
    private func signInOnThePage(_ state: DeviceCodePendingState, username: String = EmulatorHarness.alice,
                                 secret: String = "12345678", confirm: Bool = true) async throws -> [PageBrowser.Page] {
        let browser = PageBrowser()
        var pages = [try await browser.get(state.verificationURL)]
        pages.append(try await browser.submit(pages[0], ["user_code": state.userCode.lowercased()]))
        pages.append(try await browser.submit(pages[1], ["username": username]))
        pages.append(try await browser.submit(pages[2], [pages[2].title == "Enter password" ? "password" : "code": secret]))
        pages.append(try await browser.submit(pages[3], button: confirm ? "continue" : "cancel"))
        return pages
    }

    private func start(_ app: NativeAuthPublicClientApplication) async throws -> DeviceCodePendingState {
        switch await app.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters(scopes: ["api://contoso/Data.Read"])) {
        case .codeIssued(let state): return state
        case .error(let error): throw error
        }
    }

    @Test func theUserSignsInOnThePageAndTheAppGetsTheAccount() async throws {
        try await EmulatorHarness.run { harness in
            let clock = ManualClock()
            let app = try harness.browserApp(clock: clock)
            let state = try await start(app)
            #expect(state.userCode.count == 8)
            #expect(state.verificationURL.absoluteString.hasPrefix(harness.emulator.baseURL.absoluteString))
            #expect(state.message.contains(state.userCode) && state.message.contains(state.verificationURL.absoluteString))
            #expect(state.expiresOn == clock.now.addingTimeInterval(900))

            let pages = try await signInOnThePage(state)
            #expect(pages.map(\.title) == ["Enter code", "Sign in", "Enter code", "Are you trying to sign in?", "You're signed in"])
            guard case .completed(let result) = await state.waitForSignIn() else {
                Issue.record("the user signed in: the wait must complete")
                return
            }
            #expect(result.account.username == EmulatorHarness.alice)
            #expect(clock.sleeps == [.seconds(5)], "one interval, then the answer")
            #expect(app.getNativeAuthUserAccount()?.account.username == EmulatorHarness.alice)
            _ = try await result.getAccessToken()
            guard case .error(let used, nil) = await state.waitForSignIn() else {
                Issue.record("a used state must refuse")
                return
            }
            #expect(used.isStateAlreadyUsed)
        }
    }

    @Test func slowDownAddsFiveSecondsAndTheCodeExpiresOnTheAppsClock() async throws {
        try await EmulatorHarness.run { harness in
            let clock = PollsTooSoon(emulator: harness.emulator)
            let app = try harness.browserApp(clock: clock)
            let state = try await start(app)
            // Nobody signs in. Every poll after the first comes "too soon" for the emulator, which
            // answers slow_down.
            guard case .error(let error, nil) = await state.waitForSignIn() else {
                Issue.record("an unused code must end expired")
                return
            }
            #expect(error.isExpired)
            let waits = clock.sleeps.map { Int($0.components.seconds) }
            #expect(Array(waits.prefix(4)) == [5, 5, 10, 15], "pending, then slow_down each time: +5 s")
            #expect(waits.reduce(0, +) >= 900 && waits.reduce(0, +) < 900 + 125, "until the code's 900 s are over")
        }
    }

    @Test func theServersExpiredTokenEndsTheWait() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp(clock: ManualClock())
            let state = try await start(app)
            harness.emulator.advanceClock(by: 1000)
            guard case .error(let error, nil) = await state.waitForSignIn() else {
                Issue.record("an expired code must end the wait")
                return
            }
            #expect(error.isExpired)
            #expect(error.serverError == "expired_token")
            #expect(error.errorCodes == [70020])
        }
    }

    @Test func declinedOnThePageEndsTheWait() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp(clock: ManualClock())
            let state = try await start(app)
            let pages = try await signInOnThePage(state, username: EmulatorHarness.bob, secret: EmulatorHarness.bobPassword, confirm: false)
            #expect(pages.last?.title == "Sign-in cancelled")
            guard case .error(let error, nil) = await state.waitForSignIn() else {
                Issue.record("a declined code must end the wait")
                return
            }
            #expect(error.isDeclined)
            #expect(error.serverError == "authorization_declined")
            #expect(app.getNativeAuthUserAccount() == nil)
        }
    }

    @Test func theDelegateFormReportsTheCodeThenTheAccount() async throws {
        // Real waits of one second: the person on the page and the polls run at the same time.
        try await EmulatorHarness.run(configure: { $0.deviceCodePollInterval = 1 }) { harness in
            let app = try harness.browserApp()
            let delegate = await DeviceCodeRecorder()
            let username: String? = await withCheckedContinuation { continuation in
                Task { @MainActor in
                    delegate.onIssued = { state in
                        Task {
                            _ = try? await signInOnThePage(state)
                            await MainActor.run { delegate.pageDone = true }
                        }
                    }
                    delegate.onFinished = { continuation.resume(returning: $0) }
                    app.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters(), delegate: delegate)
                }
            }
            #expect(username == EmulatorHarness.alice)
        }
    }

    @Test func cancellingTheWaitHandsTheStateBack() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.browserApp(clock: ManualClock())
            let state = try await start(app)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await state.waitForSignIn()
            }
            guard case .error(let error, let next?) = await task.value else {
                Issue.record("a cancelled wait hands the state back")
                return
            }
            #expect(error.isCancelled)
            _ = try await signInOnThePage(state)
            guard case .completed = await next.waitForSignIn() else {
                Issue.record("the state handed back still signs in")
                return
            }
        }
    }
}

/// A device-code delegate for the test: hands the issued state to the test's page-person.
@MainActor
final class DeviceCodeRecorder: DeviceCodeDelegate {
    var onIssued: (DeviceCodePendingState) -> Void = { _ in }
    var onFinished: (String?) -> Void = { _ in }
    var pageDone = false

    func onDeviceCodeIssued(state: DeviceCodePendingState) { onIssued(state) }
    func onDeviceCodeSignInCompleted(result: NativeAuthUserAccountResult) { onFinished(result.account.username) }
    func onDeviceCodeError(error: DeviceCodeError, newState: DeviceCodePendingState?) { onFinished(nil) }
}

/// The app's clock for a poll loop nobody answers: a ``ManualClock`` (nothing really sleeps) that
/// also moves the emulator's clock a minute back at each wait, so that every poll comes "too soon"
/// on the emulator's clock however long a loaded machine takes to send it.
private final class PollsTooSoon: NativeAuthClock {
    private let manual = ManualClock()
    private let emulator: Emulator

    init(emulator: Emulator) { self.emulator = emulator }

    var now: Date { manual.now }
    var sleeps: [Duration] { manual.sleeps }

    func sleep(for duration: Duration) async throws {
        try await manual.sleep(for: duration)
        emulator.advanceClock(by: -60)
    }
}
