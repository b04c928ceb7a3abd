/// A flow's steps with the flow's error table: for each step, what every failed request comes to
/// (its ``ErrorOutcome``: the public code, the library's sentence, whether the state is handed back).
///
/// Each V1 flow has one (``SignInStep``, ``SignUpStep``, ``ResetPasswordStep``, ``MFAStep``,
/// ``RegisterStrongAuthStep``, ``DeviceCodeStep``, ``BrowserStep``, ``RefreshStep``), every V2 journey
/// shares one (`JourneyStep`, in `Journey/`), and its
/// `outcome(of:)` is the one place that decides the public code of a protocol error: its rows are
/// read top to bottom and the first that matches decides. Every table keeps the same order of
/// precedence: what sends the app to the browser; then the server ending the whole flow
/// (``ErrorOutcome/flowEnd(_:)``); then the step's own rows; else a general error.
///
/// Two rows are the same at every step, so they are here: a redirect (`challenge_type: "redirect"`)
/// is browser required and hands nothing back; no usable answer is server unavailable, and hands the
/// state back when the step says its token is still good (``handsBackWithoutAnswer``).
protocol ErrorTable: Sendable {
    /// What a protocol error (or the browser's `?error=` answer) comes to at this step.
    func outcome(of error: ServerErrorResponse) -> ErrorOutcome
    /// Whether a failure with no usable answer hands the state back: false at a step with no state
    /// (a flow's start), or whose token may already be spent.
    var handsBackWithoutAnswer: Bool { get }
}

extension ErrorTable {
    /// What `rejection` comes to at this step: the table's row for a protocol error, else one of the
    /// two rows every step shares.
    func outcome(of rejection: WireRejection) -> ErrorOutcome {
        switch rejection {
        case .protocolError(let error, _): outcome(of: error)
        case .redirect: ErrorOutcome(.browserRequired)
        case .unavailable: ErrorOutcome(.serverUnavailable, handsBack: handsBackWithoutAnswer)
        }
    }
}
