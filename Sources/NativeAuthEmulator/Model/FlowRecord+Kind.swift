extension FlowRecord.Kind {
    /// How errors name a flow of this kind: "sign-in", "sign-up", "password reset".
    var name: String {
        switch self {
        case .signIn: "sign-in"
        case .signUp: "sign-up"
        case .passwordReset: "password reset"
        }
    }
}
