import NativeAuth

// Case accessors for the sign-up result enums, so tests can `try #require(result.codeRequired)`.

struct SignUpCodeRequired {
    let state: SignUpCodeRequiredState
    let sentTo: String
    let channel: NativeAuthChannelType
    let codeLength: Int
}

extension SignUpStartResult {
    var codeRequired: SignUpCodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return SignUpCodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var attributesInvalid: [String]? {
        if case .attributesInvalid(let names) = self { return names }
        return nil
    }
    var error: SignUpStartError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension SignUpVerifyCodeResult {
    var completed: SignInAfterSignUpState? {
        if case .completed(let state) = self { return state }
        return nil
    }
    var passwordRequired: SignUpPasswordRequiredState? {
        if case .passwordRequired(let state) = self { return state }
        return nil
    }
    var attributesRequired: (attributes: [NativeAuthRequiredAttribute], state: SignUpAttributesRequiredState)? {
        if case .attributesRequired(let attributes, let state) = self { return (attributes, state) }
        return nil
    }
    var error: (error: VerifyCodeError, newState: SignUpCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignUpResendCodeResult {
    var codeRequired: SignUpCodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return SignUpCodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var error: (error: ResendCodeError, newState: SignUpCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignUpPasswordRequiredResult {
    var completed: SignInAfterSignUpState? {
        if case .completed(let state) = self { return state }
        return nil
    }
    var error: (error: PasswordRequiredError, newState: SignUpPasswordRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignUpAttributesRequiredResult {
    var completed: SignInAfterSignUpState? {
        if case .completed(let state) = self { return state }
        return nil
    }
    var attributesRequired: (attributes: [NativeAuthRequiredAttribute], state: SignUpAttributesRequiredState)? {
        if case .attributesRequired(let attributes, let state) = self { return (attributes, state) }
        return nil
    }
    var attributesInvalid: (names: [String], state: SignUpAttributesRequiredState)? {
        if case .attributesInvalid(let names, let state) = self { return (names, state) }
        return nil
    }
    var error: (error: AttributesRequiredError, newState: SignUpAttributesRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignInAfterSignUpResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: SignInAfterSignUpError, newState: SignInAfterSignUpState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}
