/// A public flow state that can be taken apart into a ``FlowStateSnapshot`` and built again from
/// one in an application: every state an app can wait in for the user. `NativeAuthServer` seals
/// the snapshot; nothing here is public, so the states' public API does not change.
package protocol SnapshotFlowState: AnyObject, Sendable {
    /// What the state carries.
    var snapshot: FlowStateSnapshot { get }
    /// The same state again, in `application`; nil when the snapshot cannot make this state.
    static func resumed(from snapshot: FlowStateSnapshot, in application: NativeAuthPublicClientApplication) -> Self?
}

/// A state waiting at a step of a flow: it holds a ``FlowStateCore`` and nothing else.
protocol StepWaitingState: SnapshotFlowState {
    var core: FlowStateCore { get }
    init(core: FlowStateCore)
}

extension StepWaitingState {
    package var snapshot: FlowStateSnapshot { core.snapshot }

    package static func resumed(from snapshot: FlowStateSnapshot, in application: NativeAuthPublicClientApplication) -> Self? {
        snapshot.stateCore(in: application).map(Self.init(core:))
    }
}

/// A "sign in after a previous flow" state: it holds a ``SignInAfterFlowCore`` and nothing else.
protocol SignInAfterFlowState: SnapshotFlowState {
    var core: SignInAfterFlowCore { get }
    init(core: SignInAfterFlowCore)
}

extension SignInAfterFlowState {
    package var snapshot: FlowStateSnapshot { core.snapshot }

    package static func resumed(from snapshot: FlowStateSnapshot, in application: NativeAuthPublicClientApplication) -> Self? {
        snapshot.signInAfterFlowCore(in: application).map(Self.init(core:))
    }
}

extension SignInCodeRequiredState: StepWaitingState {}
extension SignInPasswordRequiredState: StepWaitingState {}
extension SignUpCodeRequiredState: StepWaitingState {}
extension SignUpPasswordRequiredState: StepWaitingState {}
extension SignUpAttributesRequiredState: StepWaitingState {}
extension SignInAfterSignUpState: SignInAfterFlowState {}
extension ResetPasswordCodeRequiredState: StepWaitingState {}
extension ResetPasswordRequiredState: StepWaitingState {}
extension SignInAfterResetPasswordState: SignInAfterFlowState {}
extension AwaitingMFAState: StepWaitingState {}
extension MFARequiredState: StepWaitingState {}
extension RegisterStrongAuthState: StepWaitingState {}
extension RegisterStrongAuthVerificationRequiredState: StepWaitingState {}
