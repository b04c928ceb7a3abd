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

/// Where `nativeauth-emulator` is: in the folder of the running `nativeauth` (its real path, symbolic
/// links resolved), where `scripts/install.sh` installs it, under that name or under the name SwiftPM
/// gives the copy it builds there for `swift run nativeauth` (``BuiltEmulatorProgram``, written by
/// the build). The `PATH` is not searched: the program must come with this `nativeauth`, not from
/// whoever can write to a folder of the `PATH`.
enum EmulatorExecutable {
    /// The program's path, checked: a regular file, executable, owned by this user or root, and
    /// writable by no one else.
    static func locate() throws(EmulatorProgramError) -> String {
        guard let folder = runningProgramFolder() else {
            throw EmulatorProgramError(description: "cannot tell where this nativeauth is installed, so "
                + "\(EmulatorProgramFacts.executableName) cannot be found beside it")
        }
        let installed = folder + "/" + EmulatorProgramFacts.executableName
        let built = folder + "/" + BuiltEmulatorProgram.fileName
        let path = access(installed, F_OK) != 0 && access(built, F_OK) == 0 ? built : installed
        try check(path)
        return path
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
