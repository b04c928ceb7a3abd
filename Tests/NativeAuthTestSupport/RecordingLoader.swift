import Foundation

/// Finds and reads the recordings in `Tests/Recordings`, located from this source file (`#filePath`),
/// so no resource bundle is needed.
public enum RecordingLoader {
    /// The `Tests/Recordings` folder.
    public static func recordingsDirectory(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()  // NativeAuthTestSupport
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Recordings", isDirectory: true)
    }

    /// The folder of V2's recordings, under `Tests/Recordings`: its scenarios are named `V2/<name>`.
    public static let v2Folder = "V2"

    /// The V1 scenario folders that exist.
    public static func scenarioNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: recordingsDirectory().path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") && $0 != v2Folder }
            .sorted()
    }

    /// The V2 scenarios that exist, each named `V2/<name>`.
    public static func v2ScenarioNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: recordingsDirectory().appendingPathComponent(v2Folder).path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
            .sorted()
            .map { "\(v2Folder)/\($0)" }
    }

    /// Reads the scenario `name`: every `*.json` in its folder, in file-name order.
    public static func load(_ name: String) throws -> Recording {
        let folder = recordingsDirectory().appendingPathComponent(name, isDirectory: true)
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw RecordingLoadError("No recording '\(name)' at \(folder.path): \(error)")
        }
        guard !files.isEmpty else { throw RecordingLoadError("The recording '\(name)' has no steps in \(folder.path).") }
        let steps = try files.map { file in
            let url = folder.appendingPathComponent(file)
            do {
                var step = try JSONDecoder().decode(RecordedStep.self, from: Data(contentsOf: url))
                step.name = file
                return step
            } catch {
                throw RecordingLoadError("\(name)/\(file) is not a valid step: \(error)")
            }
        }
        return Recording(scenario: name, steps: steps)
    }
}

/// A recording could not be found or read.
public struct RecordingLoadError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
