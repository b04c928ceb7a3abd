/// Runs one operation per key at a time; callers that arrive while it runs share its result.
actor SingleFlight<Value: Sendable> {
    private var inFlight: [String: Task<Value, Never>] = [:]

    /// The result of `operation` for `key`, started now or joined if already running.
    func run(key: String, _ operation: @escaping @Sendable () async -> Value) async -> Value {
        if let running = inFlight[key] {
            return await running.value
        }
        let task = Task { await operation() }
        inFlight[key] = task
        let value = await task.value
        inFlight[key] = nil
        return value
    }
}
