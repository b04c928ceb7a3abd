/// The JWKS document, `{"keys": [JWK]}`: the keys that verify the emulator's tokens.
struct JSONWebKeySet: ProtocolAnswer {
    let keys: [JSONWebKey]
}
