#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Adds an app's own headers to the library's requests to the native-auth server, as MSAL's
/// `MSALNativeAuthRequestInterceptor` does (set it as
/// ``NativeAuthPublicClientApplicationConfig/requestInterceptor``).
///
/// ```swift
/// struct TraceHeaders: NativeAuthRequestInterceptor {
///     func addAdditionalHeaderFields(_ requestUrl: URL?, completionBlock: @escaping @Sendable ([String: String]?) -> Void) {
///         completionBlock(["x-contoso-trace": "checkout-42"])
///     }
/// }
/// config.requestInterceptor = TraceHeaders()
/// ```
///
/// It is asked before every request to the authority: each native-auth step and each `/token` grant,
/// refreshes included; never for ``NativeAuthUserAccountResult/callAPI(_:parameters:transport:)`` (a
/// resource's API) or the browser. The headers it gives are checked as MSAL checks them
/// (``NativeAuthRequestInterceptorRules``): a name must start with `x-`, and may not start with `x-ms-`, `x-client-`,
/// `x-broker-` or `x-app-`, which the library and the service own; a header that breaks a rule is left
/// out (and logged by name, never by value), the others are sent.
public protocol NativeAuthRequestInterceptor: Sendable {
    /// Gives the headers to add to the request to `requestUrl` through `completionBlock`, with nil
    /// when there is nothing to add. Call it exactly once; a call that has not come after
    /// ``NativeAuthRequestInterceptorRules/waitLimit`` is taken as nil, so a forgotten call delays a
    /// request but never stops it.
    func addAdditionalHeaderFields(_ requestUrl: URL?, completionBlock: @escaping NativeAuthRequestInterceptorAddHeaderCompletionBlock)
}

/// The block a ``NativeAuthRequestInterceptor`` calls with the headers to add (nil for none): MSAL's
/// `MSALNativeAuthRequestInterceptorAddHeaderCompletionBlock`, the prefix removed.
public typealias NativeAuthRequestInterceptorAddHeaderCompletionBlock = @Sendable ([String: String]?) -> Void

/// What the library accepts from a ``NativeAuthRequestInterceptor``.
public enum NativeAuthRequestInterceptorRules {
    /// The longest the library waits for the interceptor's answer before sending without its headers.
    public static let waitLimit: Duration = .seconds(5)
    /// The most headers an interceptor may add to one request.
    public static let maximumHeaders = 16
    /// The longest header name and value accepted.
    public static let maximumNameLength = 128
    /// The longest header value accepted.
    public static let maximumValueLength = 2_048
    /// The prefixes a name may not start with: the library's and the service's own headers.
    public static let reservedPrefixes = ["x-ms-", "x-client-", "x-broker-", "x-app-"]

    /// Whether the header `name: value` may be added: `name` starts with `x-` and not with a
    /// ``reservedPrefixes`` entry (case-insensitively), holds only the characters of an HTTP field
    /// name (RFC 9110 `token`), and both fit their length; `value` holds no control character (so no
    /// line break can start a header of its own).
    public static func allows(name: String, value: String) -> Bool {
        let lowered = name.lowercased()
        guard lowered.hasPrefix("x-"), lowered.count > 2, !reservedPrefixes.contains(where: lowered.hasPrefix),
              name.utf8.count <= maximumNameLength, value.utf8.count <= maximumValueLength,
              name.unicodeScalars.allSatisfy(isTokenCharacter)
        else { return false }
        return !value.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }
    }

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }
}
