#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NativeAuthEmulatorInterface
import NativeAuthShared

/// Where `nativeauth-emulator` is: in the folder of the running `nativeauth` (its real path, symbolic
/// links resolved), where `scripts/install.sh` installs it and `swift build` builds it. The `PATH` is
/// not searched: the program must come with this `nativeauth`, not from whoever can write to a
/// folder of the `PATH`.
///
/// `swift run nativeauth` builds only `nativeauth` (a dependency on the program would link all it
/// links, and a build plugin that builds it compiles the emulator twice). So a `nativeauth` in a
/// SwiftPM debug build folder without the program beside it builds it once, with
/// `swift build --product nativeauth-emulator` in its package (``buildBeside(in:reportingTo:)``).
enum EmulatorExecutable {
    /// The program's path, checked: a regular file, executable, owned by this user or root, and
    /// writable by no one else. A build beside it (``buildBeside(in:reportingTo:)``) says so on the
    /// standard error of `environment`.
    static func locate(in environment: CommandEnvironment) throws(EmulatorProgramError) -> String {
        guard let folder = runningProgramFolder() else {
            throw EmulatorProgramError(description: "cannot tell where this nativeauth is installed, so "
                + "\(EmulatorProgramFacts.executableName) cannot be found beside it")
        }
        let path = folder + "/" + EmulatorProgramFacts.executableName
        if access(path, F_OK) != 0 { buildBeside(in: folder, reportingTo: environment) }
        try check(path)
        return path
    }

    /// In `PACKAGE/.build/TRIPLE/debug` (where `swift run nativeauth` runs it), with the package's
    /// manifest there: runs `swift build --product nativeauth-emulator` in the package, its output on
    /// standard error (and what it does, on `environment`'s). Elsewhere, or when the build fails,
    /// nothing (``check(_:)`` then says what is missing).
    static func buildBeside(in folder: String, reportingTo environment: CommandEnvironment) {
        guard folder.hasSuffix("/debug"), let range = folder.firstRange(of: "/.build/") else { return }
        let package = String(folder[..<range.lowerBound])
        guard access(package + "/Package.swift", R_OK) == 0 else { return }
        let command = ["swift", "build", "--package-path", package, "--product", EmulatorProgramFacts.executableName]
        let notice = "The embedded emulator (\(EmulatorProgramFacts.executableName)) is not built yet: building it once "
            + "(\(command.joined(separator: " "))); it compiles the emulator's TLS and HTTP stack, about ten minutes on two cores…\n"
        environment.writeError(Data(notice.utf8))
        guard let build = try? ChildProcess(executable: "/usr/bin/env", arguments: command,
                                            standardInput: .null, standardOutput: .descriptor(STDERR_FILENO))
        else { return }
        _ = build.waitUntilExit()
    }

    /// Refuses a program that is missing, not a regular executable file, or that another user could have changed.
    static func check(_ path: String) throws(EmulatorProgramError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw EmulatorProgramError(description: "\(path) is missing: the emulator is the program "
                + "\(EmulatorProgramFacts.executableName), installed beside nativeauth (`bash scripts/install.sh` "
                + "installs both; `swift build` builds both)")
        }
        guard info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else {
            throw EmulatorProgramError(description: "\(path) is not an executable file")
        }
        guard info.st_uid == getuid() || info.st_uid == 0, info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw EmulatorProgramError(description: "\(path) is not run: another user owns it or may change it")
        }
    }

    /// The folder of the running executable.
    private static func runningProgramFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let argument = CommandLine.arguments.first, realpath(argument, &buffer) != nil else { return nil }
        let path = String(cString: buffer)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
