/// A body a protocol endpoint answers with HTTP 200 (docs/PROTOCOL.md): each shape is a type of its
/// own in this folder, whose coding keys are the protocol's member names. The routes encode it with
/// the request context's response encoder (``EmulatorJSONEncoder``); errors are ``ProtocolError``s.
protocol ProtocolAnswer: Encodable, Sendable {}
