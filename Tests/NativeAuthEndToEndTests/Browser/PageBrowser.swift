import Foundation
import NativeAuth

/// A minimal browser for the emulator's pages, over real loopback HTTP with the library's transport
/// (which never follows redirects, so each 303 is seen): reads a page's form (its action, hidden
/// fields, title, error) and submits it with a button.
struct PageBrowser: Sendable {
    private let transport = HTTPTransports.makeDefault()

    struct Page: Sendable {
        let url: URL
        let status: Int
        let location: String?
        let html: String

        var title: String? { Self.first(#"<h1 id="title">([^<]*)</h1>"#, in: html) }
        var error: String? { Self.first(#"<p id="error"[^>]*>([^<]*)</p>"#, in: html) }
        var action: String? { Self.first(#"<form method="post" action="([^"]*)""#, in: html) }
        var session: String? { Self.first(#"name="session" value="([^"]*)""#, in: html) }

        /// The `value` of the input `id`.
        func value(of id: String) -> String? { Self.first(#"<input id="\#(id)"[^>]* value="([^"]*)""#, in: html) }

        static func first(_ pattern: String, in text: String) -> String? {
            guard let regex = try? Regex(pattern), let match = text.firstMatch(of: regex), match.output.count > 1,
                  let group = match.output[1].substring else { return nil }
            return String(group).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'")
        }
    }

    func get(_ url: URL) async throws -> Page {
        let response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: [("Accept", "text/html")], body: Data()))
        return Page(url: url, status: response.status, location: response.header("Location"),
                    html: String(decoding: response.body, as: UTF8.self))
    }

    /// Submits `page`'s form with `fields` and the button `button`.
    func submit(_ page: Page, _ fields: [String: String] = [:], button: String = "next") async throws -> Page {
        guard let action = page.action, let session = page.session, let url = URL(string: action, relativeTo: page.url)?.absoluteURL else {
            throw PageError("no form on the page '\(page.title ?? "?")' (HTTP \(page.status))")
        }
        var items = [("session", session), ("action", button)]
        items += fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let body = items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        let response = try await transport.send(HTTPRequest(
            method: "POST", url: url, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
        return Page(url: url, status: response.status, location: response.header("Location"),
                    html: String(decoding: response.body, as: UTF8.self))
    }

    /// Follows `page`'s redirect (to the app's loopback redirect, for the authorize page).
    func follow(_ page: Page) async throws -> Page {
        guard let location = page.location, let url = URL(string: location) else { throw PageError("no redirect (HTTP \(page.status))") }
        return try await get(url)
    }
}

struct PageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
