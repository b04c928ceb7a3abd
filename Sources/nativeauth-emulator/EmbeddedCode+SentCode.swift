import NativeAuthEmulator
import NativeAuthEmulatorInterface

extension EmbeddedCode {
    /// The code the emulator "sent", as the embedded emulator reports it to `nativeauth`.
    init(_ sent: SentCode) {
        self.init(username: sent.username, maskedTarget: sent.maskedTarget, code: sent.code,
                  isSMS: sent.isSMS, fromWebPage: sent.fromWebPage)
    }
}
