// libFuzzer target: the emulator's admin JSON: the bodies of POST clock/advance and POST faults,
// decoded and checked, then acted on as the admin routes do (the clock moved and formatted, the
// fault queued and taken), and stored password hashes (the users' passwordHash) parsed.
// Compiled with those sources by fuzz/build.sh.
//
// Input: byte 0 picks the body kind; the rest is the body.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func adminFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let kind = bytes.first else { return 0 }
    let body = Data(bytes.dropFirst())
    switch kind % 3 {
    case 0:
        guard let seconds = try? AdminRequests.clockAdvance(body) else { return 0 }
        let clock = VirtualClock()
        if clock.advance(by: seconds) != nil {
            _ = Timestamps.iso8601(clock.now())
            _ = Timestamps.errorStyle(clock.now() + 600)
            _ = Timestamps.wholeSeconds(clock.now() + seconds)
        }
    case 1:
        guard let fault = try? AdminRequests.fault(body) else { return 0 }
        let queue = FaultQueue()
        queue.enqueue(fault)
        _ = queue.pendingCount
        _ = queue.take(for: fault.endpoint == "*" ? "token" : fault.endpoint)
    default:
        if let format = PasswordHashFormat(String(decoding: body, as: UTF8.self)) {
            precondition(PasswordHashFormat(format.text) == format, "a parsed hash must print back to itself")
        }
    }
    return 0
}
