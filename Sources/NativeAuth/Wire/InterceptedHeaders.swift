#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuthShared
import Synchronization

/// Asks a ``NativeAuthRequestInterceptor`` for a request's extra headers: waits for its completion
/// block at most ``NativeAuthRequestInterceptorRules/waitLimit`` and keeps only the headers the rules
/// allow, sorted by name (so the request is the same whatever order the dictionary gave).
enum InterceptedHeaders {
    static func headers(from interceptor: (any NativeAuthRequestInterceptor)?, for url: URL, clock: any NativeAuthClock,
                        logger: Logger) async -> [(name: String, value: String)] {
        guard let interceptor else { return [] }
        guard let fields = await ask(interceptor, url: url, clock: clock) else { return [] }
        var kept: [(name: String, value: String)] = []
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            guard kept.count < NativeAuthRequestInterceptorRules.maximumHeaders,
                  NativeAuthRequestInterceptorRules.allows(name: name, value: value)
            else {
                logger.warning("request interceptor header left out",
                               metadata: ["header": "\(TextControls.replacingControls(in: String(name.prefix(64))))"])
                continue
            }
            kept.append((name, value))
        }
        return kept
    }

    /// The interceptor's answer, or nil when it gave none in time.
    private static func ask(_ interceptor: any NativeAuthRequestInterceptor, url: URL, clock: any NativeAuthClock) async -> [String: String]? {
        let answered = Mutex<CheckedContinuation<[String: String]?, Never>?>(nil)
        let finish: @Sendable ([String: String]?) -> Void = { fields in
            answered.withLock { continuation in
                continuation?.resume(returning: fields)
                continuation = nil
            }
        }
        return await withCheckedContinuation { continuation in
            answered.withLock { $0 = continuation }
            let timer = Task {
                // Cancelled: the interceptor answered first.
                guard (try? await clock.sleep(for: NativeAuthRequestInterceptorRules.waitLimit)) != nil else { return }
                finish(nil)
            }
            interceptor.addAdditionalHeaderFields(url) { fields in
                finish(fields)
                timer.cancel()
            }
        }
    }
}
