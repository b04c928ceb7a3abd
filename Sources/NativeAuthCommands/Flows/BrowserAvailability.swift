import NativeAuthShared

/// Whether `signin --browser` can open a browser here, from the environment's variables: `$BROWSER`
/// names one (always used when set); else none opens over SSH (a browser on the person's own
/// machine could not reach this machine's loopback redirect) nor, outside macOS, without a
/// graphical session (`DISPLAY` and `WAYLAND_DISPLAY` unset). Then the command says so at once and
/// suggests `--device-code`, instead of waiting five minutes for a browser that never comes.
enum BrowserAvailability {
    /// Why no browser can be opened in `environment`; nil when one may be.
    static func problem(in environment: CommandEnvironment) -> String? {
        if environment.variable("BROWSER") != nil { return nil }
        if ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains(where: { environment.variable($0) != nil }) {
            return "this is an SSH session, and a browser on your own machine cannot reach the sign-in's redirect to this one"
        }
        #if !os(macOS)
        if environment.variable("DISPLAY") == nil && environment.variable("WAYLAND_DISPLAY") == nil {
            return "there is no display: DISPLAY and WAYLAND_DISPLAY are unset"
        }
        #endif
        return nil
    }

    /// The failure for `problem`, with the device-code sign-in at the same place (`next`) as the way out.
    static func failure(_ problem: String, next: NextCommand) -> CLIFailure {
        CLIFailure(.failure, "No browser can be opened here: \(problem). Set BROWSER to open one anyway.",
                   hint: "Sign in on another device instead: " + next.line(["signin", "--device-code"]))
    }
}
