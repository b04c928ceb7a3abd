import NativeAuth

/// The step a sealed state waits at, as its payload names it: the name of the state's type (a
/// public name, which stays as it is), and the type that builds it again.
struct SealedStep: Sendable, Equatable {
    let name: String
    let type: any SnapshotFlowState.Type

    /// Every state a value can be sealed from.
    static let all: [SealedStep] = ([
        SignInCodeRequiredState.self, SignInPasswordRequiredState.self, SignUpCodeRequiredState.self,
        SignUpPasswordRequiredState.self, SignUpAttributesRequiredState.self, SignInAfterSignUpState.self,
        ResetPasswordCodeRequiredState.self, ResetPasswordRequiredState.self, SignInAfterResetPasswordState.self,
        AwaitingMFAState.self, MFARequiredState.self, RegisterStrongAuthState.self,
        RegisterStrongAuthVerificationRequiredState.self,
    ] as [any SnapshotFlowState.Type]).map { SealedStep(name: String(describing: $0), type: $0) }

    /// The step of a state of `type`.
    static func of(_ type: any SealableFlowState.Type) -> SealedStep? {
        all.first { ObjectIdentifier($0.type) == ObjectIdentifier(type) }
    }

    /// The step named `name` in a payload.
    static func named(_ name: String) -> SealedStep? {
        all.first { $0.name == name }
    }

    static func == (lhs: SealedStep, rhs: SealedStep) -> Bool { lhs.name == rhs.name }
}
