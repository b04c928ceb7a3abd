import Foundation

/// The paths of V2's `/api/…` steps, under `/{tenant}/api/{version}/` (docs/EMULATOR.md "API V2"):
/// what the emulator's hrefs point to and what its routes serve, written once. A segment `:type` or
/// `:id` is a method's type (`email`, `sms`, `password`) and id; the method forms follow the paths
/// the SDKs' comments show (`/methods/{type}/{id}/challenge`, `PUT /methods/password/{id}`, …), the
/// registration's the library's recordings (`/register/methods/{type}/enroll`).
enum HALRoute: String, Sendable, CaseIterable {
    /// The sign-in journey's first step (the entry's `sign_in`).
    case signIn = "signin"
    /// The sign-up journey's first step (the entry's `sign_up`).
    case signUp = "signup"
    /// The password reset journey's first step (the entry's `reset_password`).
    case resetPassword = "resetpassword"
    /// A sign-up's page of attributes (`submitAttributes`).
    case attributes = "signup/attributes"
    /// Sends a code on a method, again for a resend (`challenge`, `resend`).
    case challenge = "methods/:type/:id/challenge"
    /// Takes the code or the password (`verify`).
    case verify = "methods/:type/:id/verify"
    /// Registers a contact for a channel (a method's `enroll`; `:type` is `email` or `sms`).
    case methodEnroll = "register/methods/:type/enroll"
    /// Registers a contact, its channel read from it (the answer's own `enroll`).
    case enroll = "register/enroll"
    /// Takes the code sent to the contact being registered (`activate`).
    case activate = "register/methods/:type/activate"
    /// Sets a reset's new password (`update`, a `PUT`).
    case update = "methods/:type/:id"
    /// A reset's completion (`poll`).
    case poll = "methods/:type/:id/pollUpdate"

    /// `authorize-challenge`, under `/{tenant}/`: V2's entry, and where a finished journey resumes.
    static let authorizeChallengePath = "oauth2/v2.0/authorize-challenge"

    /// The path's template, under `/{tenant}/api/{version}/`.
    var template: String { rawValue }

    /// The path with `type` and `id` in their places.
    func path(type: String = "", id: String = "") -> String {
        template.replacingOccurrences(of: ":type", with: type).replacingOccurrences(of: ":id", with: id)
    }

    /// Each route's template, split at its slashes (once).
    private static let parts = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.template.split(separator: "/")) })

    /// Whether `segments` (after `/{tenant}/api/{version}/`) are this route's.
    func matches(_ segments: ArraySlice<Substring>) -> Bool {
        let parts = Self.parts[self] ?? []
        guard parts.count == segments.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in part.hasPrefix(":") || part == segment }
    }
}
