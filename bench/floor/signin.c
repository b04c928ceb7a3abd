/* The floor for a native-auth OTP sign-in: the same three POSTs nativeauth sends (initiate,
 * challenge, token), on one libcurl easy handle and so one keep-alive connection, with the one-time
 * code read from standard input like `nativeauth signin` does when it is piped. Prints the access
 * token. No JSON parser, no token store: it is what a sign-in costs at least in C.
 *
 *   cc -O2 -o signin-floor bench/floor/signin.c -lcurl
 *   printf '12345678\n' | ./signin-floor AUTHORITY CLIENT_ID USERNAME
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffer { char *data; size_t length; };

static size_t collect(char *chunk, size_t size, size_t count, void *context) {
    struct buffer *buffer = context;
    size_t bytes = size * count;
    char *grown = realloc(buffer->data, buffer->length + bytes + 1);
    if (!grown) return 0;
    memcpy(grown + buffer->length, chunk, bytes);
    buffer->data = grown;
    buffer->length += bytes;
    buffer->data[buffer->length] = 0;
    return bytes;
}

/* The string value of "name" in a flat JSON object (the answers' tokens hold no escapes). */
static char *field(const char *json, const char *name) {
    char key[64];
    snprintf(key, sizeof key, "\"%s\":\"", name);
    const char *start = json ? strstr(json, key) : NULL;
    if (!start) return NULL;
    start += strlen(key);
    const char *end = strchr(start, '"');
    return end ? strndup(start, (size_t)(end - start)) : NULL;
}

static char *post(CURL *curl, const char *url, const char *form) {
    struct buffer answer = { NULL, 0 };
    long status = 0;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, form);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
    if (curl_easy_perform(curl) != CURLE_OK) return NULL;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (status != 200) { free(answer.data); return NULL; }
    return answer.data;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: signin-floor AUTHORITY CLIENT_ID USERNAME < code\n"); return 2; }
    const char *authority = argv[1], *client = argv[2];
    char code[64] = "";
    if (!fgets(code, sizeof code, stdin)) return 2;
    code[strcspn(code, "\r\n")] = 0;

    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURL *curl = curl_easy_init();
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    char *user = curl_easy_escape(curl, argv[3], 0);
    char url[1024], form[8192];

    snprintf(url, sizeof url, "%s/oauth2/v2.0/initiate", authority);
    snprintf(form, sizeof form, "client_id=%s&username=%s&challenge_type=oob%%20redirect", client, user);
    char *answer = post(curl, url, form);
    char *token = field(answer, "continuation_token");
    if (!token) { fprintf(stderr, "initiate failed: %s\n", answer ? answer : "no answer"); return 1; }

    snprintf(url, sizeof url, "%s/oauth2/v2.0/challenge", authority);
    snprintf(form, sizeof form, "client_id=%s&continuation_token=%s&challenge_type=oob%%20redirect", client, token);
    answer = post(curl, url, form);
    token = field(answer, "continuation_token");
    if (!token) { fprintf(stderr, "challenge failed: %s\n", answer ? answer : "no answer"); return 1; }

    snprintf(url, sizeof url, "%s/oauth2/v2.0/token", authority);
    snprintf(form, sizeof form,
             "client_id=%s&continuation_token=%s&grant_type=oob&oob=%s&scope=openid%%20profile%%20offline_access&client_info=true",
             client, token, code);
    answer = post(curl, url, form);
    char *access = field(answer, "access_token");
    if (!access) { fprintf(stderr, "token failed: %s\n", answer ? answer : "no answer"); return 1; }
    puts(access);
    return 0;
}
