import Foundation

/// A setting of ``EmulatorConfiguration`` that is out of range.
public struct EmulatorConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension EmulatorConfiguration {
    /// The longest lifetime any setting may have: 100 years.
    static let maximumLifetime: TimeInterval = 100 * 365.25 * 86_400

    /// Checks every number before the emulator uses it, so that no setting can make a time
    /// conversion trap later (a lifetime of `1e300`, say).
    func validate() throws(EmulatorConfigurationError) {
        let lifetimes: [(String, TimeInterval)] = [
            ("codeLifetime", codeLifetime), ("continuationTokenLifetime", continuationTokenLifetime),
            ("accessTokenLifetime", accessTokenLifetime), ("idTokenLifetime", idTokenLifetime),
            ("refreshTokenLifetime", refreshTokenLifetime), ("idleTimeout", idleTimeout),
            ("refreshTokenReuseGrace", refreshTokenReuseGrace),
        ]
        for (name, value) in lifetimes where !(value.isFinite && value > 0 && value <= Self.maximumLifetime) {
            throw EmulatorConfigurationError(description: "\(name) must be more than 0 and at most 100 years of seconds, not \(value)")
        }
        guard (1...32).contains(codeLength) else {
            throw EmulatorConfigurationError(description: "codeLength must be from 1 to 32, not \(codeLength)")
        }
        if let fixedCode, fixedCode.isEmpty || fixedCode.count > 32 {
            throw EmulatorConfigurationError(description: "fixedCode must have from 1 to 32 characters")
        }
        guard (1...1000).contains(maxCodeAttempts) else {
            throw EmulatorConfigurationError(description: "maxCodeAttempts must be from 1 to 1000, not \(maxCodeAttempts)")
        }
        guard (0...65535).contains(port) else {
            throw EmulatorConfigurationError(description: "port must be from 0 to 65535, not \(port)")
        }
        guard maxConnections >= 1, maxFlowsPerUser >= 1, maxFlowsPerClient >= 1 else {
            throw EmulatorConfigurationError(description: "maxConnections, maxFlowsPerUser and maxFlowsPerClient must be at least 1")
        }
        let policy = guessingPolicy
        guard policy.freeAttempts >= 1, [policy.window, policy.firstLockout, policy.maximumLockout].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Self.maximumLifetime }) else {
            throw EmulatorConfigurationError(description: "guessingPolicy needs freeAttempts of at least 1 and times from 0 to 100 years")
        }
        guard (1...16).contains(v2APIVersion.count),
              v2APIVersion.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }),
              v2APIVersion != ".", v2APIVersion != ".."
        else {
            throw EmulatorConfigurationError(description: "v2APIVersion must be 1 to 16 letters, digits, '.', '_' or '-' (and not a dot segment)")
        }
        if let adminToken, adminToken.count < 16 || adminToken.contains(where: { $0.isWhitespace }) {
            throw EmulatorConfigurationError(description: "adminToken must have at least 16 characters and no white space")
        }
    }
}
