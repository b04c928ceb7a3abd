extension NextCommand {
    /// The place as the command line gave it: `options`'s flags, then `--api` and `--scope`.
    init(_ options: SharedOptions, api: APIOption, scope: ScopeOption, again: [String] = [], operand: String? = nil) {
        self.init(placeArguments: options.arguments + api.arguments + scope.arguments, again: again, operand: operand)
    }
}
