import ArgumentParser

/// How `signin` signs in: `--email` (the default), `--password`, `--browser` or `--device-code`; a
/// group of its own so that `signin --help` lists them first, before the second-factor options.
struct SignInMethodOptions: ParsableArguments {
    @Flag(name: .long, help: "Sign in with a one-time code sent by email (the default).")
    var email = false

    @Flag(name: .long, help: "Sign in with email and password (the password is asked for; this flag takes no value).")
    var password = false

    @Flag(name: .long, help: "Sign in in the browser (authorization code with PKCE, a loopback redirect); $BROWSER picks the browser.")
    var browser = false

    @Flag(name: .customLong("device-code"), help: "Sign in on another device: type the code shown here on the page shown here.")
    var deviceCode = false
}
