import NativeAuth
import NativeAuthShared

/// One attribute a sign-up asks for that was not given with `--attribute`: a required one until it
/// is answered, an optional one may be skipped with an empty line.
enum AttributePrompt {
    /// The answer, trimmed; nil when an optional attribute was skipped.
    static func read(_ attribute: NativeAuthRequiredAttribute, in environment: CommandEnvironment) async throws(CLIFailure) -> String? {
        var notes = [attribute.required ? "required" : "optional, empty to skip"]
        if let regex = attribute.regex { notes.append("must match \(TerminalText.sanitized(regex))") }
        let name = TerminalText.sanitized(attribute.name)
        let prompt = "\(name) (\(notes.joined(separator: "; "))): "
        while true {
            guard let line = await LineReader.line(prompt: prompt, in: environment) else {
                throw InputEnded.failure(.attribute(attribute.name), in: environment)
            }
            let answer = line.trimmed(.whitespaces)
            if answer.isEmpty {
                if attribute.required { environment.console.info("\(name) is required."); continue }
                return nil
            }
            guard answer.count <= AttributeOption.maximumValueLength else {
                environment.console.info("That is over \(AttributeOption.maximumValueLength) characters: enter a shorter value.")
                continue
            }
            return answer
        }
    }
}
