/// The hrefs of V2's three journeys, which `authorize-challenge`'s first answer carries flat beside
/// its continuation token (`sign_in`, `sign_up`, `reset_password`; docs/EMULATOR.md "API V2").
struct JourneyLinks: Sendable, Equatable {
    var signIn: String
    var signUp: String
    var resetPassword: String
}
