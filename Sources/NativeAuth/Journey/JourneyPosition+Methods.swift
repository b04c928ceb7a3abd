extension JourneyPosition {
    /// The methods of the last list, as the app sees them (``AuthMethod``): each method's `id` (its
    /// type when it has none), `oob` as its challenge type (V2 names none: every method it lists for
    /// a second factor or a registration proves a one-time code), the channel its type names, its hint.
    var authMethods: [AuthMethod] {
        methods.prefix(AuthMethodsAnswer.maximumMethods).compactMap { method in
            guard let id = Self.usable(method.id ?? method.type) else { return nil }
            return AuthMethod(id: id, challengeType: "oob", channelTargetType: NativeAuthChannelType(value: Self.usable(method.type) ?? "email"),
                              loginHint: Self.usable(method.hint))
        }
    }

    /// The listed method that `authMethod` stands for.
    func method(_ authMethod: AuthMethod) -> HALResponse.Method? {
        methods.first { ($0.id ?? $0.type) == authMethod.id }
    }

    private static func usable(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.count <= AuthMethodsAnswer.maximumFieldLength else { return nil }
        return value
    }
}

extension JourneyPosition {
    /// The link that sends a new code: `resend`, else the challenge link of the method the code went
    /// by (the answer's `id`, or its type).
    var resendLink: String? {
        if let resend = answer.link("resend") { return resend }
        let current = answer.id ?? answer.type
        return methods.first { current != nil && ($0.id ?? $0.type) == current }?.links["challenge"]
    }
}
