import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An emulator a test started (in its process, or as `nativeauth emulator`), reached through its
/// admin API at `/_emulator/…` with the admin token it was given or printed.
public protocol EmulatorAdminAccess: Sendable {
    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { get }
    var adminToken: String { get }
}

/// An admin request the emulator did not answer with 2xx.
public struct EmulatorAdminFailure: Error, CustomStringConvertible {
    public let description: String
}

extension EmulatorAdminAccess {
    /// Sends an admin request to `/_emulator/{path}` with the admin token and returns the JSON answer;
    /// throws when the answer is not 2xx.
    @discardableResult
    public func admin(_ method: String, _ path: String, json: String? = nil) async throws -> Any {
        var request = URLRequest(url: baseURL.appendingPathComponent("_emulator/\(path)"))
        request.httpMethod = method
        request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw EmulatorAdminFailure(description: "admin \(method) \(path): HTTP \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: data)
    }

    /// The paths of the protocol requests the emulator received, oldest first.
    public func requestedPaths() async throws -> [String] {
        let log = try await admin("GET", "requests")
        let entries = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
        return entries.compactMap { $0["path"] as? String }
    }
}
