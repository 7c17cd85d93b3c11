// Tells Thread Sanitizer about the locking inside `Synchronization.Mutex` on Linux.
//
// Why: on Linux, a contended `Mutex` spins and then takes the lock with a priority-inheritance
// futex, so the hand-over happens in the kernel and in the uninstrumented Synchronization
// library. Thread Sanitizer sees neither, and reports a data race on every value a contended
// `Mutex` protects. (On macOS `Mutex` uses `os_unfair_lock`, which Thread Sanitizer knows.)
//
// How: `./Scripts/verify` preloads this library into the sanitized test run. It wraps the three
// slow-path functions of the mutex, which the inlined fast path calls through the dynamic
// linker, and adds the acquire and release that really happen there, on the lock word the fast
// path already uses. It adds no other synchronization, so a real race is still reported.
//
// To use it by hand:
//   clang -shared -fPIC -o libMutexAnnotations.so Scripts/Runner/tsan/MutexAnnotations.c -ldl
//   WORKBOOK=solutions swift build --build-tests --sanitize=thread --scratch-path .build-tsan
//   LD_PRELOAD=$PWD/libMutexAnnotations.so WORKBOOK=solutions swift test --skip-build --scratch-path .build-tsan

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

// Swift's calling convention: `self` travels in the register clang calls the Swift context.
#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef SWIFTCALL void (*LockSlow)(uint32_t owner, void *handle SWIFT_SELF);
typedef SWIFTCALL bool (*TryLockSlow)(void *handle SWIFT_SELF);
typedef SWIFTCALL void (*UnlockSlow)(void *handle SWIFT_SELF);
typedef void (*Annotation)(void *address);

// Looked up at each call: cheap enough for a test run, and free of start-up ordering questions.
static void *original(const char *name) { return dlsym(RTLD_NEXT, name); }

static void annotate(const char *name, void *address) {
    Annotation annotation = (Annotation)dlsym(RTLD_DEFAULT, name);
    if (annotation) annotation(address);
}

SWIFTCALL void lockSlow(uint32_t owner, void *handle SWIFT_SELF) __asm__(LOCK_SLOW);
SWIFTCALL void lockSlow(uint32_t owner, void *handle SWIFT_SELF) {
    ((LockSlow)original(LOCK_SLOW))(owner, handle);
    annotate("__tsan_acquire", handle);
}

SWIFTCALL bool tryLockSlow(void *handle SWIFT_SELF) __asm__(TRY_LOCK_SLOW);
SWIFTCALL bool tryLockSlow(void *handle SWIFT_SELF) {
    bool locked = ((TryLockSlow)original(TRY_LOCK_SLOW))(handle);
    if (locked) annotate("__tsan_acquire", handle);
    return locked;
}

SWIFTCALL void unlockSlow(void *handle SWIFT_SELF) __asm__(UNLOCK_SLOW);
SWIFTCALL void unlockSlow(void *handle SWIFT_SELF) {
    annotate("__tsan_release", handle);
    ((UnlockSlow)original(UNLOCK_SLOW))(handle);
}
