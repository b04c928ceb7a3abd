import NativeAuthShared

/// A choice among a few items at a prompt: the items listed as `  1. label`, then `prompt` asked
/// until the answer is one of the numbers or a name `named` recognises (an empty line asks again,
/// anything else prints `otherwise` and asks again).
enum NumberedChoice {
    /// The chosen item, or nil when standard input ended first.
    static func ask<Item>(
        _ items: [Item], labels: [String], prompt: String, otherwise: String, in environment: CommandEnvironment,
        named: (String) -> Item?
    ) async -> Item? {
        for line in numbered(labels) { environment.console.info(line) }
        while true {
            guard let line = await LineReader.line(prompt: prompt, in: environment) else { return nil }
            let answer = line.trimmed(.whitespaces)
            if answer.isEmpty { continue }
            if let number = Int(answer), items.indices.contains(number - 1) { return items[number - 1] }
            if let item = named(answer) { return item }
            environment.console.info(otherwise)
        }
    }

    /// `  1. first`, `  2. second`, …
    static func numbered(_ labels: [String]) -> [String] {
        labels.enumerated().map { index, label in "  \(index + 1). \(label)" }
    }
}
