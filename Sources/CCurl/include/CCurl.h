// libcurl for Swift, loaded at run time. Used only by NativeAuth's `CurlTransport` (Linux).
//
// libcurl is not linked: `ccurl_global_init_once` opens `libcurl.so.4` with dlopen and resolves the
// functions below with dlsym the first time a transport sends. A process that never sends (such as
// `nativeauth --version` or a cached `nativeauth token`) never loads libcurl and its thirty-odd
// libraries, and a machine without libcurl gets a clear error instead of a program that cannot
// start. Only libcurl's headers (libcurl4-openssl-dev) are needed to build, for its types and
// constants.
//
// Every function here other than `ccurl_global_init_once`, `ccurl_load_error` and
// `ccurl_check_library` may be called only after `ccurl_global_init_once` returned CURLE_OK.
// The setopt and getinfo wrappers are typed, non-variadic forms of libcurl's variadic calls, which
// Swift cannot make; each passes one argument of the type the option documents.
#ifndef NATIVEAUTH_CCURL_H
#define NATIVEAUTH_CCURL_H

// Building needs libcurl's headers. A system-library target would let SwiftPM name the package to
// install, but it would also link libcurl, which this module loads with dlopen instead; so this
// header names the package itself rather than failing on a missing file.
#if !__has_include(<curl/curl.h>)
#error "libcurl's headers are missing. Install them, then build again: sudo apt-get install -y libcurl4-openssl-dev (Debian, Ubuntu) or sudo dnf install -y libcurl-devel (Fedora)."
#else

#include <stddef.h>
#include <curl/curl.h>

/// The library `ccurl_global_init_once` opens: libcurl's soname (ABI 4, every libcurl since 7.16).
#define CCURL_LIBRARY_NAME "libcurl.so.4"

/// Loads libcurl and calls `curl_global_init(CURL_GLOBAL_DEFAULT)`, once per process, whichever
/// thread asks first (pthread_once); returns the result on every call. When libcurl could not be
/// loaded it returns CURLE_FAILED_INIT and `ccurl_load_error` says why. FoundationNetworking
/// (URLSession) makes its own `curl_global_init` call; libcurl counts them, and a libcurl with the
/// "threadsafe" feature (7.84+, as Debian 12's 7.88.1) makes two first calls at once from different
/// threads safe too.
CURLcode ccurl_global_init_once(void);

/// Why libcurl could not be loaded (the dynamic loader's message), or NULL when it was loaded or has
/// not been tried. Valid after `ccurl_global_init_once` returned.
const char *ccurl_load_error(void);

/// Opens the library `name` and resolves every function this module uses, then closes it again;
/// nothing is kept. Returns 1 when all were found; otherwise 0, with the loader's message written to
/// `message` (`size` bytes at most, NUL-terminated). For tests and diagnostics.
int ccurl_check_library(const char *name, char *message, size_t size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
/// For `CURLOPT_COPYPOSTFIELDS` (libcurl copies the bytes; set `CURLOPT_POSTFIELDSIZE_LARGE` first).
CURLcode ccurl_easy_setopt_bytes(CURL *handle, CURLoption option, const void *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
/// For `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`, which share one signature.
CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value);
CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value);
/// Allows only http and https, for the first request and for any redirect (none are followed).
CURLcode ccurl_easy_allow_http_only(CURL *handle);
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeoutMilliseconds, int *ready);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued);

/// The result of a finished transfer reported by `ccurl_multi_info_read` (a union member in C).
static inline CURLcode ccurl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif // __has_include(<curl/curl.h>)

#endif // NATIVEAUTH_CCURL_H
