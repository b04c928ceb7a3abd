/// The version of NativeAuth: sent by the library in `x-client-Ver` and printed by `nativeauth --version`.
package enum NativeAuthVersion {
    /// `MAJOR.MINOR.PATCH`.
    package static let current = "0.1.0"
}
