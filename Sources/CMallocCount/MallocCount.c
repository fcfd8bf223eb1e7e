// Counts heap allocations in tips-bench without LD_PRELOAD.
//
// Defining malloc and friends in the executable interposes them for the whole process on
// glibc: the dynamic linker resolves every library's malloc (the Swift runtime's, libc's
// own internal calls excepted) to the first definition in load order, and the executable
// comes first. Each call is forwarded to glibc's real implementation (__libc_malloc etc.),
// so behaviour is unchanged; only a per-thread counter is added (initial-exec TLS: reading
// it never allocates, and other threads' work does not disturb a measurement).
//
// Elsewhere (Darwin, musl) nothing is interposed and the counter reports "unavailable".
#include "CMallocCount.h"
// A libc header first: it defines __GLIBC__ on glibc (stddef.h, from the compiler, does not).
#include <errno.h>

#if defined(__GLIBC__)
#include <malloc.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void __libc_free(void *);

static __thread size_t calls __attribute__((tls_model("initial-exec")));

int tips_bench_malloc_available(void) { return 1; }
size_t tips_bench_malloc_calls(void) { return calls; }

void *malloc(size_t n) { calls++; return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { calls++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { calls++; return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { calls++; return __libc_memalign(a, n); }
void *valloc(size_t n) { calls++; return __libc_valloc(n); }
void *aligned_alloc(size_t a, size_t n) { calls++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    calls++;
    // posix_memalign's contract: a power of two multiple of sizeof(void *).
    if (a < sizeof(void *) || (a & (a - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

long long tips_bench_heap_in_use(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}
#else
long long tips_bench_heap_in_use(void) { return -1; }
int tips_bench_malloc_available(void) { return 0; }
size_t tips_bench_malloc_calls(void) { return 0; }
#endif
