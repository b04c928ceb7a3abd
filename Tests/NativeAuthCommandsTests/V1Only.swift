import CLITestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// A test that needs V1 of the native-authentication API: left out of the V2 run
    /// (`NATIVEAUTH_TEST_API=v2`, ``TestAPI``); `why` says what it needs (Tests/Recordings/README.md
    /// and docs/CLI.md, "Tests", list these).
    static func v1Only(_ why: Comment) -> Self {
        .disabled(if: TestAPI.isV2, why)
    }
}
