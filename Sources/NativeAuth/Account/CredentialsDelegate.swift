/// Receives the outcome of ``NativeAuthUserAccountResult/getAccessToken(parameters:delegate:)``,
/// on the main actor. Only the error callback must be implemented.
@MainActor
public protocol CredentialsDelegate: AnyObject, Sendable {
    /// No access token could be had.
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError)
    /// An access token is ready.
    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult)
}

extension CredentialsDelegate {
    public func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) { DelegateDefault.reached(#function) }
}

extension Result: DelegateDelivered where Success == NativeAuthTokenResult, Failure == RetrieveAccessTokenError {
    static func error(_ error: RetrieveAccessTokenError) -> Self { .failure(error) }

    @MainActor func call(_ delegate: any CredentialsDelegate) {
        switch self {
        case .success(let token): delegate.onAccessTokenRetrieveCompleted(result: token)
        case .failure(let error): delegate.onAccessTokenRetrieveError(error: error)
        }
    }
}

extension NativeAuthUserAccountResult {
    /// Fetches an access token and reports it to `delegate` on the main actor (see ``getAccessToken(parameters:)``).
    public func getAccessToken(parameters: NativeAuthGetAccessTokenParameters, delegate: any CredentialsDelegate) {
        DelegateDispatch.deliver(to: delegate) { () -> Result<NativeAuthTokenResult, RetrieveAccessTokenError> in
            do throws(RetrieveAccessTokenError) {
                return .success(try await self.getAccessToken(parameters: parameters))
            } catch {
                return .failure(error)
            }
        }
    }
}
