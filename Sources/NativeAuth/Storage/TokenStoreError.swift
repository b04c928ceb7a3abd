#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token store could not be read or written.
///
/// A corrupt file is reported, never treated as "nobody is signed in".
public struct TokenStoreError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: String, Sendable, Equatable {
        /// The store's file holds something that is not a token store.
        case corrupt
        /// The store's file or folder could not be read.
        case unreadable
        /// The store's file or folder could not be written.
        case unwritable
        /// The store's lock could not be taken.
        case lockFailed
        /// The file was written by a newer version of this library.
        case unsupportedVersion
        /// The keyring holding the store cannot be used now: it is missing, locked, or went away.
        case unavailable
    }

    /// What went wrong.
    public let reason: Reason
    /// The file or folder concerned, if any.
    public let path: String?
    /// A sentence for people.
    public let message: String

    /// Creates a token store error.
    public init(_ reason: Reason, path: String?, message: String) {
        self.reason = reason
        self.path = path
        self.message = message
    }

    public var errorDescription: String? { message }
    public var description: String { message }
}
