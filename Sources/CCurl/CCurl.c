#include "CCurl.h"

// Without libcurl's headers CCurl.h stops the build with the package to install; nothing to compile.
#if __has_include(<curl/curl.h>)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The libcurl functions used, each with its C type. The setopt and getinfo entries are libcurl's
// variadic functions, called through pointers of their own variadic type (the same calling
// convention as a direct call).
#define CCURL_FUNCTIONS(X)                                                                         \
    X(CURLcode, global_init, curl_global_init, (long))                                           \
    X(CURL *, easy_init, curl_easy_init, (void))                                                 \
    X(void, easy_cleanup, curl_easy_cleanup, (CURL *))                                           \
    X(const char *, easy_strerror, curl_easy_strerror, (CURLcode))                               \
    X(CURLcode, easy_setopt, curl_easy_setopt, (CURL *, CURLoption, ...))                        \
    X(CURLcode, easy_getinfo, curl_easy_getinfo, (CURL *, CURLINFO, ...))                        \
    X(struct curl_slist *, slist_append, curl_slist_append, (struct curl_slist *, const char *)) \
    X(void, slist_free_all, curl_slist_free_all, (struct curl_slist *))                          \
    X(CURLM *, multi_init, curl_multi_init, (void))                                              \
    X(CURLMcode, multi_cleanup, curl_multi_cleanup, (CURLM *))                                   \
    X(CURLMcode, multi_setopt, curl_multi_setopt, (CURLM *, CURLMoption, ...))                   \
    X(CURLMcode, multi_add_handle, curl_multi_add_handle, (CURLM *, CURL *))                     \
    X(CURLMcode, multi_remove_handle, curl_multi_remove_handle, (CURLM *, CURL *))               \
    X(CURLMcode, multi_perform, curl_multi_perform, (CURLM *, int *))                            \
    X(CURLMcode, multi_poll, curl_multi_poll, (CURLM *, struct curl_waitfd *, unsigned int, int, int *)) \
    X(CURLMcode, multi_wakeup, curl_multi_wakeup, (CURLM *))                                     \
    X(CURLMsg *, multi_info_read, curl_multi_info_read, (CURLM *, int *))

struct ccurl_functions {
#define CCURL_MEMBER(result, member, symbol, parameters) result(*member) parameters;
    CCURL_FUNCTIONS(CCURL_MEMBER)
#undef CCURL_MEMBER
};

static struct ccurl_functions curl;
static pthread_once_t ccurl_once = PTHREAD_ONCE_INIT;
static CURLcode ccurl_init_result = CURLE_FAILED_INIT;
static char ccurl_error[512];

/// Opens `name` and fills `functions`; on failure writes the reason to `message` and returns NULL.
static void *ccurl_open(const char *name, struct ccurl_functions *functions, char *message, size_t size) {
    // RTLD_LAZY: the functions libcurl calls in the libraries it needs are bound on their first
    // call, not all of them now (binding them all costs a sixth of the loading). Every function
    // this file calls is resolved below with dlsym, so a missing one is still an error here.
    void *library = dlopen(name, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(message, size, "%s", reason != NULL ? reason : name);
        return NULL;
    }
#define CCURL_RESOLVE(result, member, symbol, parameters)                                 \
    functions->member = (result(*) parameters)dlsym(library, #symbol);                   \
    if (functions->member == NULL) {                                                      \
        snprintf(message, size, "%s: the function %s is missing (libcurl 7.68 or later is needed)", name, #symbol); \
        dlclose(library);                                                                 \
        return NULL;                                                                      \
    }
    CCURL_FUNCTIONS(CCURL_RESOLVE)
#undef CCURL_RESOLVE
    return library;
}

static void ccurl_global_init(void) {
    // Kept open for the life of the process, as a linked libcurl would be.
    if (ccurl_open(CCURL_LIBRARY_NAME, &curl, ccurl_error, sizeof ccurl_error) == NULL) return;
    ccurl_init_result = curl.global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode ccurl_global_init_once(void) {
    pthread_once(&ccurl_once, ccurl_global_init);
    return ccurl_init_result;
}

const char *ccurl_load_error(void) {
    return ccurl_error[0] != '\0' ? ccurl_error : NULL;
}

int ccurl_check_library(const char *name, char *message, size_t size) {
    struct ccurl_functions functions;
    void *library = ccurl_open(name, &functions, message, size);
    if (library == NULL) return 0;
    dlclose(library);
    return 1;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_bytes(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

CURLcode ccurl_easy_allow_http_only(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500  /* 7.85.0: the string forms; the bitmasks are deprecated */
    CURLcode result = curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (result != CURLE_OK) return result;
    return curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    CURLcode result = curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (result != CURLE_OK) return result;
    return curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return curl.slist_append(list, string);
}

void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl.multi_setopt(multi, option, value);
}

CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }

CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeoutMilliseconds, int *ready) {
    return curl.multi_poll(multi, extra, count, timeoutMilliseconds, ready);
}

CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued) { return curl.multi_info_read(multi, queued); }

#endif
