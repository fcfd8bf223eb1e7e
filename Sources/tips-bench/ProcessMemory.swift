// The platform-specific part of runtime.memory and alloc.*: where figures about the
// process's memory come from. Linux reads /proc/self/statm; the heap figure and the
// allocation counter come from the CMallocCount target (glibc only). Elsewhere both report
// nil and the benchmarks print "unavailable".
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CMallocCount

enum ProcessMemory {
    /// Resident set size in bytes (`/proc/self/statm`, second field, times the page size).
    static func residentBytes() -> Int? {
#if os(Linux)
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard fscanf_statm(file, &size, &resident) else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
#else
        return nil
#endif
    }

    /// Heap bytes in use according to the allocator (glibc `mallinfo2`), if known.
    static func heapBytes() -> Int? {
        let n = tips_bench_heap_in_use()
        return n < 0 ? nil : Int(n)
    }

#if os(Linux)
    /// Reads the first two numbers of statm without Foundation.
    private static func fscanf_statm(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int) -> Bool {
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let s = Int(fields[0]), let r = Int(fields[1]) else { return false }
        size = s
        resident = r
        return true
    }
#endif
}

/// Counts the calling thread's heap allocations (malloc, calloc, realloc, the memalign
/// family) while a closure runs, through the malloc interposed by CMallocCount.
enum MallocCounter {
    /// Whether counting works in this process (Linux with glibc).
    static var isAvailable: Bool { tips_bench_malloc_available() != 0 }

    /// Allocations per run of `body` over `iterations` runs, after one warm-up run;
    /// nil when counting is unavailable.
    static func allocationsPerRun(iterations: Int, _ body: () -> Void) -> Double? {
        guard isAvailable, iterations > 0 else { return nil }
        body()
        let before = tips_bench_malloc_calls()
        for _ in 0..<iterations { body() }
        let after = tips_bench_malloc_calls()
        return Double(after &- before) / Double(iterations)
    }
}
