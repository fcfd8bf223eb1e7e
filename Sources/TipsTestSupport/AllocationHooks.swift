// The platform-specific part of AllocationCounter: where the count of malloc calls comes
// from. The counting itself is `scripts/malloc-count.c`, preloaded into the process
// (`LD_PRELOAD`, see scripts/count-allocations.sh); this file finds its counter with
// dlsym. Without the preload, counting is unavailable and AllocationCounter says so.
//
// (The Swift runtime's `_swift_allocObject` hook is not used: on the Swift 6.3 Linux
// runtime, installing it routes every retain through `_swift_retain_adapterImpl`, which
// faults on tagged pointers — swiftlang/swift#88924.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

typealias CallCounter = @convention(c) () -> Int

enum AllocationHooks {
    /// The preloaded counter of the calling thread's malloc-family calls, if present.
    static let counter: CallCounter? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "tips_malloc_calls") else { return nil }
        return unsafeBitCast(symbol, to: CallCounter.self)
    }()
}
