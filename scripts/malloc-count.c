// Counts malloc-family calls per thread, for AllocationCounter (Sources/TipsTestSupport).
// Build as a shared library and preload it (scripts/count-allocations.sh does both):
//   LD_PRELOAD=libtips-malloc-count.so <program>
// Every call is forwarded to glibc's own implementation, so behaviour is unchanged; the
// counter is thread-local (initial-exec TLS: reading it never allocates).
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread size_t calls __attribute__((tls_model("initial-exec")));

/// Malloc-family calls made so far by the calling thread.
size_t tips_malloc_calls(void) { return calls; }

void *malloc(size_t n) { calls++; return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { calls++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { calls++; return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { calls++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { calls++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    calls++;
    void *p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
