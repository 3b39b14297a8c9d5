// Shared declarations of the host harness and the generated launcher files.
#ifndef TRACKGEN_HARNESS_H
#define TRACKGEN_HARNESS_H

#include <stdint.h>
#include <string.h>

#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

struct Arg {
    uint32_t kind = 0;  // 0 array, 1 int, 2 float
    void* ptr = nullptr;
    uint32_t bits = 0;
};

struct Launch {
    int dim = 0;
    unsigned int grid = 1;
    unsigned int block = 1;
    unsigned int shared = 0;
    bool cooperative = false;
    std::vector<Arg> args;

    int i(size_t k) const {
        int v;
        memcpy(&v, &args[k].bits, 4);
        return v;
    }

    float f(size_t k) const {
        float v;
        memcpy(&v, &args[k].bits, 4);
        return v;
    }

    template <typename T>
    T* p(size_t k) const {
        return static_cast<T*>(args[k].ptr);
    }
};

using Launcher = void (*)(const Launch&);

namespace tgh {
std::map<std::string, Launcher>& registry();

struct Register {
    Register(const char* name, Launcher l) {
        registry()[name] = l;
    }
};

// Signature check: a CUDA entry point's parameter types, with const dropped from pointees,
// must equal the types its Java twin declares.
template <typename T>
struct unconst {
    using type = T;
};
template <typename T>
struct unconst<const T*> {
    using type = T*;
};
template <typename F>
struct signature;
template <typename... P>
struct signature<void (*)(P...)> {
    using type = std::tuple<typename unconst<P>::type...>;
};
}  // namespace tgh

#endif
