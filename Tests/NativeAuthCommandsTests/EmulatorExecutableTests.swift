import Foundation
import Testing
@testable import NativeAuthCommands

/// `nativeauth` runs only an emulator program that came with it: a regular executable file that no
/// other user could have changed.
@Suite struct EmulatorExecutableTests {
    @Test func aProgramOthersMayChangeOrThatIsNotAnExecutableFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-executable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("nativeauth-emulator")
        try Data("#!/bin/sh\n".utf8).write(to: program)

        func refusal(_ mode: Int) throws -> String? {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: program.path)
            do {
                try EmulatorExecutable.check(program.path)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(try refusal(0o755) == nil)
        #expect(try refusal(0o775)?.contains("another user owns it or may change it") == true)
        #expect(try refusal(0o757)?.contains("another user owns it or may change it") == true)
        #expect(try refusal(0o644)?.contains("is not an executable file") == true)
        #expect(throws: EmulatorProgramError.self) { try EmulatorExecutable.check(folder.path) }
        #expect(throws: EmulatorProgramError.self) { try EmulatorExecutable.check(folder.appendingPathComponent("none").path) }
    }
}
