#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SOCK_STREAM` as the socket calls take it (an enum on Glibc, an integer on Darwin): the one
/// spelling of a TCP socket's type for this package's code that opens sockets itself.
#if canImport(Glibc)
package let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
package let streamSocket = SOCK_STREAM
#endif
