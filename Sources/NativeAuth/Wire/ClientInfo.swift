#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// How the library names itself in the `x-client-*` headers.
enum ClientInfo {
    static let sku = "NativeAuth.Swift"
    static let version = NativeAuthVersion.current
    static let operatingSystem: String = {
        #if os(Linux)
        let name = "Linux"
        #elseif os(macOS)
        let name = "macOS"
        #elseif os(iOS)
        let name = "iOS"
        #else
        let name = "unknown"
        #endif
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "\(name) \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }()
}
