/* Runs a command N times (after one warm-up run) and prints the median wall time and the median CPU
 * time (user + system, from wait4) in milliseconds, with the command's standard input from a file
 * when given and its output discarded; no shell in between (like hyperfine's `-N`). With `--vs`, a
 * second command runs alternately with the first, so that both see the same load on a shared
 * machine, and its two medians follow on the same line. Fails when a run exits non-zero.
 *
 *   cc -O2 -o runs bench/floor/runs.c
 *   ./runs 30 [--stdin FILE] COMMAND [ARGUMENT...] [--vs [--stdin FILE] COMMAND [ARGUMENT...]]
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct command { char **argv; const char *input; double *samples, *cpu; };

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Runs `command` once; returns its wall time (and its CPU time in `cpu`), or a negative number when
 * it failed. */
static double once(const struct command *command, double *cpu) {
    double start = now_ms();
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_RDWR);
        int in = command->input ? open(command->input, O_RDONLY) : null;
        dup2(in, 0); dup2(null, 1); dup2(null, 2);
        execvp(command->argv[0], command->argv);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    wait4(child, &status, 0, &usage);
    double elapsed = now_ms() - start;
    *cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "runs: %s failed (status %d)\n", command->argv[0], status);
        return -1;
    }
    return elapsed;
}

/* Parses `[--stdin FILE] COMMAND...` up to `--vs` (which it replaces by the end of the list). */
static char **parse(char **arguments, struct command *command) {
    command->input = NULL;
    if (arguments[0] && strcmp(arguments[0], "--stdin") == 0 && arguments[1]) {
        command->input = arguments[1];
        arguments += 2;
    }
    command->argv = arguments;
    for (; *arguments; arguments++) {
        if (strcmp(*arguments, "--vs") == 0) { *arguments = NULL; return arguments + 1; }
    }
    return NULL;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *samples, int count) {
    qsort(samples, (size_t)count, sizeof *samples, compare);
    return count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: runs N [--stdin FILE] COMMAND... [--vs [--stdin FILE] COMMAND...]\n"); return 2; }
    int runs = atoi(argv[1]);
    struct command commands[2];
    int count = 1;
    char **rest = parse(argv + 2, &commands[0]);
    if (rest) { parse(rest, &commands[1]); count = 2; }
    for (int c = 0; c < count; c++) {
        if (!commands[c].argv[0] || runs < 1) return 2;
        commands[c].samples = calloc((size_t)runs, sizeof(double));
        commands[c].cpu = calloc((size_t)runs, sizeof(double));
        double cpu;
        if (once(&commands[c], &cpu) < 0) return 1;  /* warm-up */
    }
    for (int i = 0; i < runs; i++) {
        for (int c = 0; c < count; c++) {
            double elapsed = once(&commands[c], &commands[c].cpu[i]);
            if (elapsed < 0) return 1;
            commands[c].samples[i] = elapsed;
        }
    }
    for (int c = 0; c < count; c++) {
        printf(c ? " %.2f %.2f" : "%.2f %.2f", median(commands[c].samples, runs), median(commands[c].cpu, runs));
    }
    printf("\n");
    return 0;
}
