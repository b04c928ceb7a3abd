#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The application was configured in a way that cannot work; thrown by the initializers.
public struct NativeAuthConfigurationError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what is wrong and how to fix it.
    public let message: String

    init(_ message: String) { self.message = message }

    public var errorDescription: String? { message }
    public var description: String { message }
}
