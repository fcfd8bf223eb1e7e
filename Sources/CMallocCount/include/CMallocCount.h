#ifndef TIPS_CMALLOCCOUNT_H
#define TIPS_CMALLOCCOUNT_H

#include <stddef.h>
#include <stdint.h>

/// Whether this process counts allocations (glibc only: the counting malloc forwards to
/// glibc's __libc_* entry points). 1 when available, 0 elsewhere.
int tips_bench_malloc_available(void);

/// Malloc-family calls (malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign,
/// valloc) made so far by the calling thread.
size_t tips_bench_malloc_calls(void);

/// Bytes the allocator has handed out and not yet taken back (glibc mallinfo2's uordblks
/// plus hblkhd: small and mmapped blocks); -1 when unavailable.
long long tips_bench_heap_in_use(void);

/// Reads `*p` with a volatile load: as cheap as a plain load, but the optimiser can neither
/// hoist it out of a loop nor fold it into a constant (what a relaxed atomic load gives,
/// without `Synchronization.Atomic`, which needs macOS 15 / iOS 18).
static inline int64_t tips_bench_opaque_load(const volatile int64_t *p) { return *p; }

#endif
