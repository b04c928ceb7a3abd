// libFuzzer target: the token store's JSON, decoded as FileTokenStore reads tokens.json (version
// probe, format version check, contents, ISO 8601 dates). Compiled into the NativeAuth module by
// fuzz/build.sh.
import Foundation

private let store: FileTokenStore = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-fuzz-\(getpid())")
    return try! FileTokenStore(directory: folder)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func tokenStoreFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let contents = try? store.decode(bytes) {
        for account in contents.storedAccounts {
            _ = contents.account(clientId: account.clientId, authority: account.authority)
        }
    }
    return 0
}
