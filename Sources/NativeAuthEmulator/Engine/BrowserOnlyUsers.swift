/// Users marked `browserOnly` in the seed (the demo user `webuser@example.com`): their tenant needs a
/// step the native API cannot do, so `/initiate` answers with the redirect and they sign in on the
/// emulator's pages (`/authorize` or the device-code page), which show the redirect → browser path
/// end to end.
enum BrowserOnlyUsers {
    static let redirect = RedirectAnswer(
        reason: "This account signs in only in the browser: its tenant requires a step the native API does not offer.")
}
