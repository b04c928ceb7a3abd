import ArgumentParser

/// `--json`: stable machine-readable output on standard output (``JSONOutput``), for every command
/// whose result is the CLI's own (not `call`, which prints the API's body as it came).
struct JSONOption: ParsableArguments {
    @Flag(name: .long, help: "Print stable machine-readable JSON on standard output.")
    var json = false
}
