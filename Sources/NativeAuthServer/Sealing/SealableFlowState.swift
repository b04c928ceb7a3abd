import NativeAuth

/// A flow state an app can wait in for the user, which ``FlowStateSealer`` can seal: every state of
/// the sign-in, sign-up, password reset, MFA and registration flows. Only the library's states
/// conform.
public protocol SealableFlowState: AnyObject, Sendable {}

extension SignInCodeRequiredState: SealableFlowState {}
extension SignInPasswordRequiredState: SealableFlowState {}
extension SignUpCodeRequiredState: SealableFlowState {}
extension SignUpPasswordRequiredState: SealableFlowState {}
extension SignUpAttributesRequiredState: SealableFlowState {}
extension SignInAfterSignUpState: SealableFlowState {}
extension ResetPasswordCodeRequiredState: SealableFlowState {}
extension ResetPasswordRequiredState: SealableFlowState {}
extension SignInAfterResetPasswordState: SealableFlowState {}
extension AwaitingMFAState: SealableFlowState {}
extension MFARequiredState: SealableFlowState {}
extension RegisterStrongAuthState: SealableFlowState {}
extension RegisterStrongAuthVerificationRequiredState: SealableFlowState {}
