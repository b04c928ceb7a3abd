import HTTPTypes
import Hummingbird

extension RouterMethods {
    /// The methods a route of the emulator answers itself, even when it only serves one of them (to
    /// say which method it wants, in its own error shape).
    static var everyMethod: [HTTPRequest.Method] { [.get, .head, .post, .put, .delete, .patch, .options, .trace] }

    /// Adds `handler` for `path` and each of `methods`.
    func on(_ path: RouterPath, methods: [HTTPRequest.Method],
            use handler: @escaping @Sendable (Request, Context) async throws -> Response) {
        for method in methods {
            on(path, method: method, use: handler)
        }
    }
}
