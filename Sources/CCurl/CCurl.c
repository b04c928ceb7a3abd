#include "CCurl.h"

#include <pthread.h>

static pthread_once_t ccurl_once = PTHREAD_ONCE_INIT;
static CURLcode ccurl_init_result = CURLE_FAILED_INIT;

static void ccurl_global_init(void) {
    ccurl_init_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode ccurl_global_init_once(void) {
    pthread_once(&ccurl_once, ccurl_global_init);
    return ccurl_init_result;
}
