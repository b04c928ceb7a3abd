import Foundation
import Testing

extension Installation {
    /// `scripts/install.sh --binary` with the built binary: the stripped binary and its emulator
    /// program, the man page and the three completion scripts land under the prefix, the installed
    /// `nativeauth` finds the installed emulator, and `--uninstall` takes them away again.
    /// (The release build the script makes without `--binary` is too slow for a test; the README's
    /// install line is that same script.)
    @Suite
    struct InstallScriptTests {
        static let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        static let installedFiles = [
            "bin/nativeauth",
            "bin/nativeauth-emulator",
            "share/man/man1/nativeauth.1",
            "share/bash-completion/completions/nativeauth",
            "share/zsh/site-functions/_nativeauth",
            "share/fish/vendor_completions.d/nativeauth.fish",
        ]

        @Test func installsTheStrippedBinaryTheManPageAndTheCompletionsThenUninstalls() async throws {
            let prefix = FileManager.default.temporaryDirectory
                .appendingPathComponent("nativeauth-install-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: prefix) }
            let binary = try CLIBinary.url()
            let environment = ProcessInfo.processInfo.environment
            let script = Self.root.appendingPathComponent("scripts/install.sh").path

            let install = try await ChildRun.run(
                ["bash", script, "--prefix", prefix.path, "--binary", binary.path], environment: environment)
            #expect(install.status == 0, "\(install)")
            for file in Self.installedFiles {
                #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "missing \(file)")
            }

            let installed = prefix.appendingPathComponent("bin/nativeauth")
            for program in ["bin/nativeauth", "bin/nativeauth-emulator"] {
                let path = prefix.appendingPathComponent(program).path
                #expect(FileManager.default.isExecutableFile(atPath: path))
                let sections = try await ChildRun.run(["readelf", "-S", "-W", path], environment: environment)
                #expect(sections.status == 0, "\(sections)")
                #expect(!sections.stdout.contains(".debug_info"), "\(program) has debug information")
                #expect(!sections.stdout.contains(".symtab"), "\(program) has a symbol table")
            }
            let version = try await ChildRun.run([installed.path, "--version"], environment: environment)
            #expect(version.status == 0 && !version.stdout.isEmpty, "\(version)")
            // The installed nativeauth runs the installed emulator program, with nothing to configure.
            let state = prefix.appendingPathComponent("emulator-state").path
            let reset = try await ChildRun.run([installed.path, "emulator", "reset", "--state-dir", state], environment: environment)
            #expect(reset.status == 0 && reset.stdout.contains("Reset the emulator's state in \(state)"), "\(reset)")

            let page = try Data(contentsOf: prefix.appendingPathComponent("share/man/man1/nativeauth.1"))
            #expect(page == (try Data(contentsOf: Self.root.appendingPathComponent("docs/man/nativeauth.1"))))
            let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/nativeauth"), encoding: .utf8)
            #expect(bash.contains("signin") && bash.contains("reset-password"), "bash completion: \(bash.prefix(200))")
            let syntax = try await ChildRun.run(
                ["bash", "-n", prefix.appendingPathComponent("share/bash-completion/completions/nativeauth").path],
                environment: environment)
            #expect(syntax.status == 0, "\(syntax)")
            let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_nativeauth"), encoding: .utf8)
            #expect(zsh.hasPrefix("#compdef nativeauth"))

            let uninstall = try await ChildRun.run(["bash", script, "--uninstall", "--prefix", prefix.path], environment: environment)
            #expect(uninstall.status == 0, "\(uninstall)")
            for file in Self.installedFiles {
                #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "left \(file)")
            }
        }

        @Test func refusesAnUnknownArgumentAndABinaryThatIsNotThere() async throws {
            let environment = ProcessInfo.processInfo.environment
            let script = Self.root.appendingPathComponent("scripts/install.sh").path
            let unknown = try await ChildRun.run(["bash", script, "--prefx", "/tmp/x"], environment: environment)
            #expect(unknown.status == 2, "\(unknown)")
            #expect(unknown.stderr.contains("unknown argument '--prefx'"), "\(unknown)")
            let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-install-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: prefix) }
            let missing = try await ChildRun.run(
                ["bash", script, "--prefix", prefix.path, "--binary", prefix.appendingPathComponent("none").path],
                environment: environment)
            #expect(missing.status == 1, "\(missing)")
            #expect(!FileManager.default.fileExists(atPath: prefix.path), "created the prefix for a failed install")
        }
    }

    /// docs/man/nativeauth.1 (generated by `bash scripts/man-page.sh`) names every subcommand and
    /// every long option the built binary has, so a new option cannot ship without its man page.
    /// CI also compares the whole page with a fresh generation (`scripts/man-page.sh --check`).
    @Suite
    struct ManPageTests {
        @Test func theManPageNamesEveryCommandAndOptionOfTheBinary() async throws {
            let binary = try CLIBinary.url()
            let dump = try await LiveCLI(executable: binary, ["--experimental-dump-help"],
                                         environment: ProcessInfo.processInfo.environment).finish()
            #expect(dump.status == 0, "\(dump)")
            let object = try #require(dump.json)
            let page = try String(contentsOf: InstallScriptTests.root.appendingPathComponent("docs/man/nativeauth.1"), encoding: .utf8)

            var names: [String] = []
            func collect(_ command: [String: Any], path: [String]) {
                let name = command["commandName"] as? String ?? ""
                let here = path + [name]
                if !path.isEmpty { names.append("command \(here.dropFirst().joined(separator: " ")) → .It Em \(name)") }
                for argument in command["arguments"] as? [[String: Any]] ?? [] {
                    guard argument["shouldDisplay"] as? Bool ?? true else { continue }
                    for argumentName in argument["names"] as? [[String: Any]] ?? [] where argumentName["kind"] as? String == "long" {
                        if let long = argumentName["name"] as? String { names.append("option --\(long) of \(here.joined(separator: " "))") }
                    }
                }
                for sub in command["subcommands"] as? [[String: Any]] ?? [] { collect(sub, path: here) }
            }
            collect(try #require(object["command"] as? [String: Any]), path: [])
            #expect(names.count > 20, "the dump listed too little: \(names)")

            for entry in names {
                if entry.hasPrefix("command ") {
                    let name = String(entry.split(separator: " ").last!)
                    // `.It Em name`, or `.It Em "name, alias"` for a command with aliases.
                    #expect(page.contains(".It Em \(name)\n") || page.contains(".It Em \"\(name), "), "docs/man/nativeauth.1 lacks the \(entry); run bash scripts/man-page.sh")
                } else {
                    let long = String(entry.split(separator: " ")[1].dropFirst(2))
                    // `.It Fl -long` alone, or `.It Fl X , -long` after its short name.
                    #expect(page.contains("Fl -\(long)") || page.contains(" , -\(long)"), "docs/man/nativeauth.1 lacks the \(entry); run bash scripts/man-page.sh")
                }
            }
        }

        /// Issue 35, item 28: the page renders each command's examples as written (no word broken
        /// with a hyphen, U+2010, that a copied example would carry), and says no word with a
        /// hyphen or minus sign that is not ASCII.
        @Test(.enabled(if: ManPage.groffAvailable, "groff is needed")) func everyExampleIsRenderedAsWritten() async throws {
            let rendered = try await ManPage.rendered(width: 64)
            for dash in ["\u{2010}", "\u{2011}", "\u{2212}"] {
                #expect(!rendered.contains(dash), "U+\(String(dash.unicodeScalars.first!.value, radix: 16)) in the page")
            }
            let lines = Set(rendered.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let examples = try await ManPage.examples()
            #expect(examples.count > 30, "\(examples)")
            for example in examples {
                #expect(lines.contains(example), "not rendered as written: \(example)")
            }
        }

        /// Issue 35, item 28: ENVIRONMENT names every variable the commands read, FILES what they
        /// keep, SEE ALSO the neighbours; a file of the source repository is named as such, since
        /// the page is installed without it.
        @Test func theManPageHasEnvironmentFilesAndSeeAlso() throws {
            let page = try String(contentsOf: InstallScriptTests.root.appendingPathComponent("docs/man/nativeauth.1"), encoding: .utf8)
            let environment = try #require(page.components(separatedBy: ".Sh ENVIRONMENT\n").dropFirst().first?
                .components(separatedBy: "\n.Sh ").first, "no ENVIRONMENT section")
            for variable in try ManPage.variablesRead() {
                #expect(environment.contains(variable), "ENVIRONMENT does not name \(variable)")
            }
            #expect(page.contains(".Sh FILES\n") && page.contains("tokens.json") && page.contains("ca-files.json"), "FILES")
            #expect(page.contains(".Sh \"SEE ALSO\"\n.Xr kubectl 1"), "SEE ALSO")
            let unqualified = page.matches(of: /docs\/[A-Za-z]+\.md(?! of the source)/).map { String($0.output) }
            #expect(unqualified.isEmpty, "named as if installed: \(unqualified)")
        }
    }
}

/// docs/man/nativeauth.1 as a terminal shows it, and what it must show.
enum ManPage {
    static let groffAvailable = ChildRun.succeeds(["groff", "-v"])

    /// The page rendered by groff for a terminal of `width` columns, in UTF-8.
    static func rendered(width: Int) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let page = Installation.InstallScriptTests.root.appendingPathComponent("docs/man/nativeauth.1").path
        let result = try await ChildRun.run(["groff", "-k", "-mandoc", "-Tutf8", "-rLL=\(width)n", "-P-cbou", page], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Every example line of every command's `--help` (the indented lines after `EXAMPLES:`),
    /// trimmed, from the built binary.
    static func examples() async throws -> [String] {
        let binary = try CLIBinary.url()
        let dump = try await LiveCLI(executable: binary, ["--experimental-dump-help"], environment: ProcessInfo.processInfo.environment).finish()
        let root = try #require(dump.json?["command"] as? [String: Any])
        var paths: [[String]] = []
        func collect(_ command: [String: Any], path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                paths.append(path + [name])
                collect(sub, path: path + [name])
            }
        }
        collect(root, path: [])
        var examples: [String] = []
        for path in paths {
            let help = try await LiveCLI(executable: binary, path + ["--help"], environment: ProcessInfo.processInfo.environment).finish()
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(of: "EXAMPLES:") else { continue }
            for line in lines[(start + 1)...] {
                guard line.hasPrefix("  ") else { break }
                examples.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return examples
    }

    /// The variables the commands and the emulator program read, by name in their sources.
    static func variablesRead() throws -> Set<String> {
        let sources = Installation.InstallScriptTests.root.appendingPathComponent("Sources")
        var names: Set<String> = []
        // NativeAuthEmulator/Persistence: the PostgreSQL state's PGPASSWORD, read for --database.
        for folder in ["NativeAuthCommands", "NativeAuthEmulatorInterface", "nativeauth-emulator", "NativeAuthEmulator/Persistence"] {
            let enumerator = FileManager.default.enumerator(at: sources.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /"(NATIVEAUTH_[A-Z_]+|KUBERNETES_[A-Z_]+|XDG_[A-Z_]+|BROWSER|DISPLAY|WAYLAND_DISPLAY|SSH_[A-Z]+|DBUS_SESSION_BUS_ADDRESS|PGPASSWORD)"/) {
                    names.insert(String(match.output.1))
                }
            }
        }
        return names
    }
}
