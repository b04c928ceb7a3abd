/// How the emulator writes the hrefs of API V2's answers (``EmulatorConfiguration/v2HrefStyle``).
/// Every form names the same place, under the tenant segment the request used; the SDKs resolve each
/// differently, so tests vary it.
public enum V2HrefStyle: String, Sendable, CaseIterable {
    /// `/{tenant}/api/{version}/…` and `/{tenant}/oauth2/v2.0/authorize-challenge` (the default):
    /// resolved on the authority's host, and left as they are by the SDKs that rewrite the tenant.
    case relative
    /// `http://127.0.0.1:PORT/{tenant}/api/…` (`https` with TLS): on the authority's host and port.
    case absolute
    /// `{tenant}/api/{version}/…`: the template form the SDKs' code mentions, whose `{tenant}` the
    /// client replaces with its authority's tenant.
    case templated
}
