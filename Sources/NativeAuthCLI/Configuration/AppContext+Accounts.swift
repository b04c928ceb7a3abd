import Foundation
import NativeAuth

extension AppContext {
    /// After a sign-in at the embedded emulator (`signin`, or `signup` and its sign-in): this
    /// client's account stored under the embedded emulator's legacy key (`http://127.0.0.1:0/…`) is
    /// replaced by the new one, as the library replaces an app's account.
    func forgetLegacyEmbeddedAccount() {
        guard location == .embeddedEmulator else { return }
        let clientId = app.clientId
        try? store.modify { contents in
            contents.accounts.removeAll { account in
                account.clientId == clientId && URL(string: account.authority).map(SignInLocation.isLegacyEmbedded) == true
            }
        }
    }
}
