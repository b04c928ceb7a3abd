/// `{"state": "webFallbackRequired"}`: the native API cannot go on with this journey; the app signs
/// the user in in the browser (V1's redirect).
struct HALWebFallbackAnswer: ProtocolAnswer {
    let state = HALState.webFallbackRequired
}
