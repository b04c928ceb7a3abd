import Foundation

/// Runs `body` with a fresh empty folder that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer {
        _ = chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }
    return try body(path)
}

/// The permission bits of the file at `path`.
func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Runs `body` with a fresh empty folder that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer {
        _ = chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }
    return try await body(path)
}
