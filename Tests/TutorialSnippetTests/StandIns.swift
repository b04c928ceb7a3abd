import Foundation
import NativeAuth

// Tiny stand-ins for the UIKit pieces the tutorial's snippets touch, so they compile and run on Linux.

/// Stands in for `UITextView`: the snippets only set `text`.
@MainActor
final class TextViewStandIn {
    var text: String?
}

/// Stands in for `UITextField`: the snippets only read `text`.
@MainActor
final class TextFieldStandIn {
    var text: String?
    init(_ text: String?) { self.text = text }
}

/// The code the tutorial's `retrieveNewCode()` asks the user for: the right code of the recordings.
let codeTheUserTypesNext = "12345678"

/// Waits (bounded) until `condition` holds, letting the delegate callbacks run on the main actor.
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async throws {
    for _ in 0..<1_000 where !condition() {
        try await Task.sleep(for: .milliseconds(5))
    }
}
