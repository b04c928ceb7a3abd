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

/// Waits until `condition` holds, letting the delegate callbacks run on the main actor; throws
/// ``ConditionNeverHeld`` when it still does not hold after `seconds` (a generous bound, not a timing:
/// 10 s proved too short on a loaded 2-core machine running the whole suite and a headless browser).
@MainActor
func waitUntil(seconds: Int = 60, _ condition: @MainActor () -> Bool) async throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
    while !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionNeverHeld(seconds: seconds) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// What ``waitUntil(seconds:_:)`` throws when the condition never held.
struct ConditionNeverHeld: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "the condition did not hold within \(seconds) s" }
}
