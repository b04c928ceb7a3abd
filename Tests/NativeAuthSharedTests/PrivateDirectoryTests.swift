import Foundation
import NativeAuthShared
import Testing

/// `PrivateDirectory`: folders made 0700, another user's links never followed, and the mode of a
/// folder changed only when it is one `PrivateDirectory` made (issue 35, item 2).
@Suite("PrivateDirectory")
struct PrivateDirectoryTests {
    @Test func aFolderIsCreated0700WithItsParentsAndMarked() throws {
        try withTemporaryDirectory { (root: String) throws in
            let path = root + "/state/nativeauth"
            try PrivateDirectory.prepare(path)
            #expect(try permissions(path) == 0o700)
            #expect(try permissions(root + "/state") == 0o700)
            #expect(FileManager.default.fileExists(atPath: path + "/" + PrivateDirectory.markerName))
            #expect(!FileManager.default.fileExists(atPath: root + "/state/" + PrivateDirectory.markerName), "only the folder asked for")
            try PrivateDirectory.prepare(path)  // already there: fine
        }
    }

    @Test func aFolderItMadeIsTightenedBackTo0700() throws {
        try withTemporaryDirectory { (root: String) throws in
            let path = root + "/store"
            try PrivateDirectory.prepare(path)
            #expect(chmod(path, 0o755) == 0)
            try PrivateDirectory.prepare(path)
            #expect(try permissions(path) == 0o700)
        }
    }

    @Test func aFolderThatExistedBeforeKeepsItsMode() throws {
        try withTemporaryDirectory { (root: String) throws in
            #expect(chmod(root, 0o755) == 0)
            let handle = try #require(try PrivateDirectory.open(root, create: true))
            #expect(try permissions(root) == 0o755, "not made here: its mode is not ours to change")
            #expect(!FileManager.default.fileExists(atPath: root + "/" + PrivateDirectory.markerName))
            // A marker planted as a link does not count either.
            #expect(symlink("/etc/hostname", root + "/" + PrivateDirectory.markerName) == 0)
            try PrivateDirectory.prepare(root)
            #expect(try permissions(root) == 0o755)
            _ = handle
        }
    }

    @Test func aFolderOthersMayWriteToIsRefused() throws {
        try withTemporaryDirectory { (root: String) throws in
            #expect(chmod(root, 0o777) == 0)
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(root) }
            #expect(error?.operation == .writableByOthers)
        }
    }

    @Test func anOwnLinkIsFollowedAndFilesLandInItsTarget() throws {
        try withTemporaryDirectory { (root: String) throws in
            try PrivateDirectory.prepare(root + "/target")
            #expect(symlink(root + "/target", root + "/link") == 0)
            #expect(symlink("target", root + "/relative") == 0)
            for path in [root + "/link", root + "/relative", root + "/link/../target"] {
                let handle = try #require(try PrivateDirectory.open(path, create: false))
                try AtomicFile.write(Data("x".utf8), in: handle, name: "file")
                #expect(FileManager.default.fileExists(atPath: root + "/target/file"), "\(path)")
                try FileManager.default.removeItem(atPath: root + "/target/file")
            }
            // A missing folder below an own link is made in the link's target.
            try PrivateDirectory.prepare(root + "/link/inner")
            #expect(try permissions(root + "/target/inner") == 0o700)
        }
    }

    @Test func aLoopOfLinksIsAnErrorNotAHang() throws {
        try withTemporaryDirectory { (root: String) throws in
            #expect(symlink(root + "/b", root + "/a") == 0)
            #expect(symlink(root + "/a", root + "/b") == 0)
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(root + "/a/store") }
            #expect(error?.code == ELOOP)
        }
    }

    @Test func aMissingFolderIsNilWithoutCreate() throws {
        try withTemporaryDirectory { (root: String) throws in
            #expect(try PrivateDirectory.open(root + "/missing/deeper", create: false) == nil)
            #expect(!FileManager.default.fileExists(atPath: root + "/missing"))
        }
    }

    @Test func aFileIsNotADirectory() throws {
        try withTemporaryDirectory { (root: String) throws in
            let file = root + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(file) }
            #expect(error == FileSystemError(.notADirectory, path: file, code: ENOTDIR))
            #expect(error?.description == "\(file): using it as a folder: \(FileSystemError.describe(errno: ENOTDIR))")
        }
    }

    /// What root meets under `sudo -E` in another user's home: a link that user planted, at the folder
    /// itself or on the way to it, pointing at a system folder (here a root-owned 0755 one).
    @Test(.enabled(if: geteuid() == 0, "only root can give a link to another user"), arguments: ["", "/store"])
    func anotherUsersLinkIsNeverFollowed(below: String) throws {
        try withTemporaryDirectory { (root: String) throws in
            let victim = root + "/victim"
            #expect(mkdir(victim, 0o755) == 0 && chmod(victim, 0o755) == 0)
            let link = root + "/planted"
            #expect(symlink(victim, link) == 0)
            #expect(lchown(link, 65534, 65534) == 0)
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(link + below) }
            #expect(error == FileSystemError(.linkNotOwned, path: link, code: EPERM))
            #expect(error?.description.contains("symbolic link that belongs to another user") == true)
            #expect(try permissions(victim) == 0o755, "the target's mode is untouched")
            #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty, "nothing was made in it")
            #expect(throws: FileSystemError.self, "a reader is refused too, never told the folder is missing") {
                try PrivateDirectory.open(link, create: false)
            }
        }
    }

    /// Root under `sudo -E` in another user's home where the state folder (or its parents) is
    /// missing: nothing is made in a folder of that user's, whichever is the first one missing.
    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"), arguments: ["", "/.local", "/.local/state"])
    func nothingIsMadeInAnotherUsersFolder(existing: String) throws {
        try withTemporaryDirectory { (root: String) throws in
            let home = root + "/home"
            #expect(mkdir(home, 0o755) == 0)
            if !existing.isEmpty { try FileManager.default.createDirectory(atPath: home + existing, withIntermediateDirectories: true) }
            for folder in [home, home + "/.local", home + "/.local/state"] where folder.count <= (home + existing).count {
                #expect(chown(folder, 65534, 65534) == 0)
            }
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(home + "/.local/state/nativeauth") }
            #expect(error == FileSystemError(.parentNotOwned, path: home + existing, code: EPERM))
            #expect(error?.description.contains("it belongs to another user") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: home + existing).isEmpty, "nothing was made in it")
            #expect(try PrivateDirectory.open(home + "/.local/state/nativeauth", create: false) == nil, "a reader finds no folder")
            // Its own folders, and root's, still hold new ones.
            #expect(chown(home + existing, 0, 0) == 0)
            try PrivateDirectory.prepare(home + "/.local/state/nativeauth")
            #expect(try permissions(home + "/.local/state/nativeauth") == 0o700)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a link to root"))
    func aLinkOfRootIsFollowed() throws {
        // Links root made (/home -> /var/home) are part of the system: followed for every caller.
        try withTemporaryDirectory { (root: String) throws in
            try PrivateDirectory.prepare(root + "/target")
            #expect(symlink(root + "/target", root + "/link") == 0)
            #expect(lchown(root + "/link", 0, 0) == 0)
            #expect(try PrivateDirectory.open(root + "/link", create: false) != nil)
        }
    }
}
