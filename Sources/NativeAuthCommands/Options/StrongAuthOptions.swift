import ArgumentParser
import NativeAuthShared

/// How a sign-in answers a second-factor question without prompting (`signin`, and the sign-in that
/// ends `signup` and `reset-password`).
struct StrongAuthOptions: ParsableArguments {
    @Option(name: .customLong("mfa-method"), help: ArgumentHelp(
        "When a second factor is needed (or must be registered), use this method instead of asking: email or sms.",
        valueName: "email|sms"))
    var mfaMethod: String?

    @Option(name: .customLong("register-contact"), help: ArgumentHelp(
        "When a second factor must be registered, the email address or phone number (+ and digits) to register, instead of asking.",
        valueName: "CONTACT"))
    var registerContact: String?

    func validate() throws {
        if let mfaMethod, !["email", "sms"].contains(mfaMethod.lowercased()) {
            throw ValidationError("--mfa-method '\(mfaMethod)' is not a method: give email or sms.")
        }
        if let registerContact, registerContact.trimmed(.whitespaces).isEmpty {
            throw ValidationError("--register-contact is empty: give the email address or phone number to register.")
        }
    }
}
