import Foundation
import NativeAuth
import Synchronization

/// A person at the emulator's sign-in page, as a ``BrowserOpener``: opens the URL the library hands
/// it, signs in (or cancels, or forges the answer), and leaves the browser where the page sent it.
/// What it saw is kept for the test to check.
final class EmulatorUser: BrowserOpener {
    enum Plan: Sendable {
        /// Type the username, then `secret` (the code or password).
        case signIn(username: String, secret: String)
        /// Press Cancel on the first page.
        case cancel
        /// Send the app's loopback an answer with another state.
        case forgeState
        /// Do nothing (the browser never comes back).
        case ignore
    }

    private let plan: Plan
    private let browser = PageBrowser()
    private let seen = Mutex<(urls: [URL], pages: [PageBrowser.Page], failure: String?)>(([], [], nil))

    init(_ plan: Plan) { self.plan = plan }

    var authorizeURLs: [URL] { seen.withLock { $0.urls } }
    var pages: [PageBrowser.Page] { seen.withLock { $0.pages } }
    var failure: String? { seen.withLock { $0.failure } }

    func open(_ url: URL) async -> Bool {
        seen.withLock { $0.urls.append(url) }
        do {
            try await act(url)
        } catch {
            seen.withLock { $0.failure = "\(error)" }
        }
        return true
    }

    private func keep(_ page: PageBrowser.Page) -> PageBrowser.Page {
        seen.withLock { $0.pages.append(page) }
        return page
    }

    private func act(_ url: URL) async throws {
        switch plan {
        case .ignore:
            return
        case .forgeState:
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            guard let redirect = query.first(where: { $0.name == "redirect_uri" })?.value else { throw PageError("no redirect_uri") }
            _ = keep(try await browser.get(URL(string: redirect + "/?code=forged&state=not-the-state")!))
        case .cancel:
            let first = keep(try await browser.get(url))
            _ = keep(try await browser.follow(keep(try await browser.submit(first, button: "cancel"))))
        case .signIn(let username, let secret):
            let first = keep(try await browser.get(url))
            let second = keep(try await browser.submit(first, ["username": username]))
            let field = second.title == "Enter password" ? "password" : "code"
            let done = keep(try await browser.submit(second, [field: secret]))
            _ = keep(try await browser.follow(done))
        }
    }
}
