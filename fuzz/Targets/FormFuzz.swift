// libFuzzer target: the emulator's form parser (application/x-www-form-urlencoded bodies) and the
// field lookups the endpoints make. Compiled with the parser's sources by fuzz/build.sh.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func formFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let form = try? FormBody(parsing: Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    for name in ["client_id", "username", "challenge_type", "continuation_token", "grant_type", "oob", "password", "scope"] {
        _ = form[name]
        _ = form.nonEmpty(name)
    }
    for (name, value) in form.fields { _ = form.nonEmpty(name) ?? value }
    return 0
}
