// Typed, non-variadic wrappers over libcurl for Swift, which cannot call C variadic functions
// (`curl_easy_setopt`, `curl_easy_getinfo`, `curl_multi_setopt`). Each wrapper passes one argument
// of the type the option documents. Used only by NativeAuth's `CurlTransport` (Linux).
#ifndef NATIVEAUTH_CCURL_H
#define NATIVEAUTH_CCURL_H

#include <curl/curl.h>

/// Calls `curl_global_init(CURL_GLOBAL_DEFAULT)` once per process, whichever thread asks first
/// (pthread_once), and returns its result on every call. FoundationNetworking (URLSession) makes its
/// own call; libcurl counts them, and a libcurl with the "threadsafe" feature (7.84+, as Debian 12's
/// 7.88.1) makes two first calls at once from different threads safe too.
CURLcode ccurl_global_init_once(void);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For `CURLOPT_COPYPOSTFIELDS` (libcurl copies the bytes; set `CURLOPT_POSTFIELDSIZE_LARGE` first).
static inline CURLcode ccurl_easy_setopt_bytes(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`, which share one signature.
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

/// Allows only http and https, for the first request and for any redirect (none are followed).
static inline CURLcode ccurl_easy_allow_http_only(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500  /* 7.85.0: the string forms; the bitmasks are deprecated */
    CURLcode result = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (result != CURLE_OK) return result;
    return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    CURLcode result = curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (result != CURLE_OK) return result;
    return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The result of a finished transfer reported by `curl_multi_info_read` (a union member in C).
static inline CURLcode ccurl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
