#if os(Linux)
import Foundation
import Testing

@testable import NativeAuth

/// libcurl is opened when a ``CurlTransport`` first sends (dlopen), not linked: a missing libcurl is
/// an error that says so, not a program that cannot start.
@Suite struct CurlLibraryTests {
    @Test func loadingInTheBackgroundLeavesTheLibraryReady() {
        HTTPTransports.prepareDefault()
        HTTPTransports.prepareDefault()  // a second call starts a second thread; the library loads once
        #expect(CurlLibrary.loadedAndInitialised())
    }

    @Test func theInstalledLibcurlHasEveryFunctionTheTransportCalls() {
        #expect(CurlLibrary.name == "libcurl.so.4")
        #expect(CurlLibrary.loadError() == nil)
    }

    @Test func aMissingLibcurlIsAClearErrorThatNothingWasSent() throws {
        let error = try #require(CurlLibrary.loadError(named: "libnativeauth-no-such-curl.so.4", host: "contoso.ciamlogin.com"))
        #expect(error.message.hasPrefix("contoso.ciamlogin.com: libcurl could not be loaded (libnativeauth-no-such-curl.so.4: "))
        #expect(error.message.hasSuffix("); install libcurl 4 (Debian and Ubuntu: the libcurl4 package)."))
        #expect(!error.isTransient)
        #expect(!error.mayHaveReachedServer)
    }

    @Test func aLibraryWithoutLibcurlsFunctionsIsRefusedByName() throws {
        // libc is loaded in every process and has none of libcurl's functions.
        let error = try #require(CurlLibrary.loadError(named: "libc.so.6"))
        #expect(error.message.contains("libc.so.6: the function curl_global_init is missing"))
    }
}
#endif
