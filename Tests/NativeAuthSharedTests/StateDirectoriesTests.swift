import Foundation
@testable import NativeAuthShared
import Testing

/// `StateDirectories`: the default folders of the token store and of the emulator, which the library,
/// `nativeauth` and `nativeauth-emulator` all take from here.
struct StateDirectoriesTests {
    @Test func theStateFolderFollowsXDGStateHomeThenHome() {
        #expect(StateDirectories.nativeauth(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"], homeDirectory: "/h").path
            == "/x/state/nativeauth")
        #expect(StateDirectories.nativeauth(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"], homeDirectory: "/h").path
            == "/home/a/.local/state/nativeauth", "a relative XDG_STATE_HOME is ignored")
        #expect(StateDirectories.nativeauth(environment: ["HOME": ""], homeDirectory: "/h").path == "/h/.local/state/nativeauth")
    }

    @Test func theEmulatorsFolderIsBesideTheTokenStoresUnlessMoved() {
        #expect(StateDirectories.emulator(environment: ["XDG_STATE_HOME": "/x/state"], homeDirectory: "/h").path
            == "/x/state/nativeauth/emulator")
        #expect(StateDirectories.emulator(environment: ["HOME": "/home/a"], homeDirectory: "/h").path
            == "/home/a/.local/state/nativeauth/emulator")
        #expect(StateDirectories.emulator(environment: ["NATIVEAUTH_EMULATOR_STATE_DIR": "/srv/emu", "XDG_STATE_HOME": "/x"],
                                          homeDirectory: "/h").path == "/srv/emu")
        #expect(StateDirectories.emulator(environment: ["NATIVEAUTH_EMULATOR_STATE_DIR": "", "XDG_STATE_HOME": "/x"],
                                          homeDirectory: "/h").path == "/x/nativeauth/emulator", "an empty variable is unset")
        #expect(StateDirectories.emulatorDefault(environment: ["NATIVEAUTH_EMULATOR_STATE_DIR": "/srv/emu", "XDG_STATE_HOME": "/x"],
                                                 homeDirectory: "/h").path == "/x/nativeauth/emulator",
                "the default ignores the variable (the library's EmulatorConfiguration.defaultStateDirectory)")
    }

    @Test func aRelativeEmulatorFolderIsTakenFromTheCurrentFolder() {
        let folder = StateDirectories.emulator(environment: ["NATIVEAUTH_EMULATOR_STATE_DIR": "emu"], homeDirectory: "/h")
        #expect(folder.path == FileManager.default.currentDirectoryPath + "/emu")
    }
}
