import Hummingbird

/// A protocol error met on a browser page (an unknown tenant, a wrong method, a request the page
/// cannot serve): shown as the page the service shows when it cannot send the browser back to the
/// app, with the error's status and text and the request's correlation ID.
struct ErrorPage: HTTPResponseError {
    let error: ProtocolError

    var status: HTTPResponse.Status { error.status }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let correlationId = RequestExchange.of(context, request: request).clientRequestId
        let page = SignInPage.message(title: "Sorry, but we're having trouble signing you in", lead: "Correlation ID: \(correlationId)",
                                      error: error.summary, status: error.status.code)
        return WebReply.page(page).response(from: request, context: context)
    }
}
