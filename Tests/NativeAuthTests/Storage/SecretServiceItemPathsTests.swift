#if os(Linux)
import Foundation
import Testing

@testable import NativeAuth

/// `keyring-items.json`, the keyring store's hint of where each account's item is: a file problem
/// costs only the slower read, never an error.
struct SecretServiceItemPathsTests {
    private func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test func pathsRoundTripAndOnlyTheKeptAccountsStay() throws {
        try withFolder { folder in
            #expect(SecretServiceItemPaths.load(from: folder) == SecretServiceItemPaths(), "no file: no paths")
            var paths = SecretServiceItemPaths()
            paths.set("/org/freedesktop/secrets/collection/login/1", for: StoredAccountFixture.account(1))
            paths.set("/org/freedesktop/secrets/collection/login/2", for: StoredAccountFixture.account(2))
            paths.save(to: folder)
            let loaded = SecretServiceItemPaths.load(from: folder)
            #expect(loaded == paths)
            #expect(loaded.path(of: StoredAccountFixture.account(2)) == "/org/freedesktop/secrets/collection/login/2")
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(SecretServiceItemPaths.fileName).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            paths.keepOnly([StoredAccountFixture.account(2)])
            #expect(paths.path(of: StoredAccountFixture.account(1)) == nil)
            #expect(paths.path(of: StoredAccountFixture.account(2)) != nil)
        }
    }

    @Test func aDamagedForeignOrOversizedFileIsNoPaths() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent(SecretServiceItemPaths.fileName)
            for damaged in ["not json", #"{"version":2,"paths":{}}"#, #"{"paths":{"a":"/x"}}"#,
                            #"{"version":1,"paths":{"a":"/x"}, "#] {
                try Data(damaged.utf8).write(to: file)
                #expect(SecretServiceItemPaths.load(from: folder) == SecretServiceItemPaths(), "\(damaged)")
            }
            let large = #"{"version":1,"paths":{"a":""# + String(repeating: "x", count: SecretServiceItemPaths.maximumFileBytes) + #""}}"#
            try Data(large.utf8).write(to: file)
            #expect(SecretServiceItemPaths.load(from: folder) == SecretServiceItemPaths())
            // A symbolic link in its place is not followed.
            try FileManager.default.removeItem(at: file)
            let elsewhere = folder.appendingPathComponent("elsewhere.json")
            try Data(#"{"version":1,"paths":{"a":"/x"}}"#.utf8).write(to: elsewhere)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
            #expect(SecretServiceItemPaths.load(from: folder) == SecretServiceItemPaths())
        }
    }
}
#endif
