/*
 * trackgen_host_shim.h - compile TrackGen CUDA C bodies for the host (g++ -std=c++20).
 *
 * This header stands in for the CUDA built-ins that kernel bodies use, so the same .cu files
 * that nvcc compiles to PTX can be compiled by g++ and run on the CPU against their Java twins
 * (CI has no GPU). trackgen_kernel.cuh includes it automatically when __CUDACC__ is not defined.
 *
 * What it models:
 *   - __global__, __device__, __host__, __forceinline__, __restrict__ qualifiers (no-ops);
 *   - blockIdx, threadIdx, blockDim, gridDim (x only is meaningful), float2 / make_float2;
 *   - __shared__ variables declared inside a kernel (function-local statics: blocks run one
 *     after another, so one copy serves every block) and dynamic shared memory through
 *     TG_DYNAMIC_SHARED / tg_dynamic_shared_bytes() (see trackgen_kernel.cuh);
 *   - __syncthreads() and the block votes __syncthreads_or/_and/_count: a cooperative launch
 *     runs every thread of a block as a fiber (ucontext) on one OS thread and switches fibers
 *     at each barrier, in thread order, so the emulation is deterministic;
 *   - atomicAdd / atomicMax / atomicMin on int and atomicAdd on float (plain read-modify-write:
 *     only one fiber runs at a time).
 * What it does not model: warps (no __shfl_sync, __ballot_sync, __syncwarp: use the block
 * votes instead), memory fences, races between threads, texture or constant memory. Float
 * arithmetic is the host's IEEE arithmetic: compile with -ffp-contract=off and without
 * -ffast-math so it matches Java (and nvcc -fmad=false) bit for bit; transcendental functions
 * (atan2, sin, cos) come from the host libm and may differ from Java and CUDA by an ulp.
 *
 * A driver (the test harness) launches a body with tgh::run_grid(shape..., body).
 */
#ifndef TRACKGEN_HOST_SHIM_H
#define TRACKGEN_HOST_SHIM_H

#ifdef __CUDACC__
#error "trackgen_host_shim.h is for host compilers only"
#endif

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <functional>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict
#define __shared__ static
#define __align__(n) alignas(n)

struct alignas(8) float2 {
    float x;
    float y;
};

static inline float2 make_float2(float x, float y) {
    float2 r;
    r.x = x;
    r.y = y;
    return r;
}

struct tgh_dim3 {
    unsigned int x, y, z;
};

namespace tgh {

/** Per-launch state of the emulated device; one launch at a time. */
struct State {
    tgh_dim3 blockIdx{0, 0, 0};
    tgh_dim3 threadIdx{0, 0, 0};
    tgh_dim3 blockDim{1, 1, 1};
    tgh_dim3 gridDim{1, 1, 1};
    std::vector<unsigned char> dynamicShared;
    unsigned int dynamicSharedBytes = 0;
    bool cooperative = false;
    // fiber scheduler
    std::vector<ucontext_t> contexts;
    std::vector<char*> stacks;
    std::vector<unsigned char> done;
    ucontext_t scheduler;
    int current = -1;
    long long voteSum = 0;
    long long voteCount = 0;
    long long voteResult = 0;
    int voteKind = 0;
    const std::function<void()>* body = nullptr;
    const char* kernelName = "?";
};

inline State& state() {
    static State s;
    return s;
}

[[noreturn]] inline void fail(const char* what) {
    fprintf(stderr, "trackgen host shim: %s (kernel %s)\n", what, state().kernelName);
    fflush(stderr);
    abort();
}

/** Kinds of block barrier. */
enum Vote { PLAIN = 0, OR = 1, AND = 2, COUNT = 3 };

inline long long barrier(int pred, int kind) {
    State& s = state();
    if (!s.cooperative || s.current < 0) {
        fail("__syncthreads in a kernel launched without a cooperative LaunchShape");
    }
    if (s.voteCount == 0) {
        s.voteKind = kind;
    } else if (s.voteKind != kind) {
        fail("threads of one block reached different kinds of barrier");
    }
    s.voteCount++;
    s.voteSum += pred != 0 ? 1 : 0;
    int me = s.current;
    swapcontext(&s.contexts[me], &s.scheduler);
    return s.voteResult;
}

inline void fiber_entry() {
    State& s = state();
    (*s.body)();
    s.done[s.current] = 1;
    // returning switches to uc_link, the scheduler
}

inline void ensure_fibers(unsigned int n) {
    const size_t stackSize = 256 * 1024;
    State& s = state();
    s.contexts.resize(n);
    s.done.resize(n);
    while (s.stacks.size() < n) {
        char* st = static_cast<char*>(malloc(stackSize));
        if (st == nullptr) {
            fail("out of memory for fiber stacks");
        }
        s.stacks.push_back(st);
    }
    for (unsigned int i = 0; i < n; i++) {
        getcontext(&s.contexts[i]);
        s.contexts[i].uc_stack.ss_sp = s.stacks[i];
        s.contexts[i].uc_stack.ss_size = stackSize;
        s.contexts[i].uc_link = &s.scheduler;
        makecontext(&s.contexts[i], fiber_entry, 0);
        s.done[i] = 0;
    }
}

/** Runs one block whose threads synchronize: each thread is a fiber, switched at barriers. */
inline void run_block_cooperative(const std::function<void()>& body) {
    State& s = state();
    unsigned int n = s.blockDim.x;
    s.body = &body;
    ensure_fibers(n);
    while (true) {
        s.voteCount = 0;
        s.voteSum = 0;
        unsigned int alive = 0;
        for (unsigned int i = 0; i < n; i++) {
            if (s.done[i]) {
                continue;
            }
            s.current = static_cast<int>(i);
            s.threadIdx = tgh_dim3{i, 0, 0};
            swapcontext(&s.scheduler, &s.contexts[i]);
            if (!s.done[i]) {
                alive++;
            }
        }
        s.current = -1;
        if (alive == 0) {
            break;
        }
        if (static_cast<unsigned long long>(s.voteCount) != alive) {
            fail("barrier reached by some threads only");
        }
        switch (s.voteKind) {
            case OR: s.voteResult = s.voteSum > 0; break;
            case AND: s.voteResult = s.voteSum == s.voteCount; break;
            case COUNT: s.voteResult = s.voteSum; break;
            default: s.voteResult = 0; break;
        }
    }
}

/**
 * Runs a grid: blocks one after another; within a block, threads in order (plain launches) or
 * as fibers (cooperative launches). Dynamic shared memory is filled with 0xFF (a NaN / -1
 * pattern) before each block so reads of unwritten shared memory show up in comparisons.
 */
inline void run_grid(const char* name, unsigned int grid, unsigned int block, unsigned int sharedBytes,
                     bool cooperative, const std::function<void()>& body) {
    State& s = state();
    s.kernelName = name;
    s.gridDim = tgh_dim3{grid, 1, 1};
    s.blockDim = tgh_dim3{block, 1, 1};
    s.cooperative = cooperative;
    s.dynamicSharedBytes = sharedBytes;
    s.dynamicShared.assign(sharedBytes + 16, 0xFF);
    for (unsigned int b = 0; b < grid; b++) {
        s.blockIdx = tgh_dim3{b, 0, 0};
        if (sharedBytes > 0) {
            memset(s.dynamicShared.data(), 0xFF, sharedBytes);
        }
        if (cooperative) {
            run_block_cooperative(body);
        } else {
            for (unsigned int t = 0; t < block; t++) {
                s.threadIdx = tgh_dim3{t, 0, 0};
                body();
            }
        }
    }
}

inline void* dynamic_shared() {
    // 16-byte aligned: vector storage from operator new is aligned to 16 on x86-64
    return state().dynamicShared.data();
}

}  // namespace tgh

#define blockIdx (tgh::state().blockIdx)
#define threadIdx (tgh::state().threadIdx)
#define blockDim (tgh::state().blockDim)
#define gridDim (tgh::state().gridDim)

static inline void __syncthreads() {
    tgh::barrier(0, tgh::PLAIN);
}

static inline int __syncthreads_or(int pred) {
    return static_cast<int>(tgh::barrier(pred, tgh::OR));
}

static inline int __syncthreads_and(int pred) {
    return static_cast<int>(tgh::barrier(pred, tgh::AND));
}

static inline int __syncthreads_count(int pred) {
    return static_cast<int>(tgh::barrier(pred, tgh::COUNT));
}

static inline int atomicAdd(int* p, int v) {
    int old = *p;
    *p = old + v;
    return old;
}

static inline float atomicAdd(float* p, float v) {
    float old = *p;
    *p = old + v;
    return old;
}

static inline int atomicMax(int* p, int v) {
    int old = *p;
    *p = old > v ? old : v;
    return old;
}

static inline int atomicMin(int* p, int v) {
    int old = *p;
    *p = old < v ? old : v;
    return old;
}

static inline float __int_as_float(int v) {
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static inline int __float_as_int(float f) {
    int v;
    memcpy(&v, &f, sizeof v);
    return v;
}

static inline unsigned int __umulhi(unsigned int a, unsigned int b) {
    return static_cast<unsigned int>((static_cast<unsigned long long>(a) * b) >> 32);
}

#endif  // TRACKGEN_HOST_SHIM_H
