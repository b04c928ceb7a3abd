import Synchronization

/// Holds requests while closed, so calls overlap for certain (no sleeping and hoping).
///
/// ```swift
/// let gate = RequestGate(isOpen: true)
/// let transport = ScriptedTransport(gate: gate) { … }
/// // … sign in (the gate is open) …
/// gate.close()
/// async let first = state.submitCode(code: "12345678")   // its request waits at the gate
/// await gate.waitForHeld(1)                               // now the first call is surely in flight
/// let second = await state.submitCode(code: "12345678")   // …so this one overlaps it
/// gate.open()
/// ```
public final class RequestGate: Sendable {
    private struct State {
        var isOpen: Bool
        var heldCount = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// A gate, closed unless `isOpen`.
    public init(isOpen: Bool = false) {
        state = Mutex(State(isOpen: isOpen))
    }

    /// How many requests were held since the gate last closed.
    public var heldCount: Int { state.withLock { $0.heldCount } }

    /// Called by the transport: waits while the gate is closed.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (resumeNow, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                if state.isOpen { return (true, []) }
                state.heldCount += 1
                state.held.append(continuation)
                let ready = state.watchers.filter { $0.count <= state.heldCount }.map(\.continuation)
                state.watchers.removeAll { $0.count <= state.heldCount }
                return (false, ready)
            }
            ready.forEach { $0.resume() }
            if resumeNow { continuation.resume() }
        }
    }

    /// Returns once `count` requests are (or were) held since the gate last closed.
    public func waitForHeld(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.heldCount >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Holds the requests that arrive from now on.
    public func close() {
        state.withLock { state in
            state.isOpen = false
            state.heldCount = 0
        }
    }

    /// Lets every held and future request through.
    public func open() {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        held.forEach { $0.resume() }
    }
}
