// Host harness for TrackGen CUDA C bodies: runs kernels compiled for the host with
// trackgen_host_shim.h, driven by the JUnit tests (HostHarness.java) over stdin/stdout.
//
// Protocol, little-endian 32-bit words:
//   request  LAUNCH=1: nameLen, name bytes (padded to 4), dim, grid, block, shared, cooperative,
//                      nArrays, per array: words, data[words]; nArgs, per arg: kind (0 array,
//                      1 int, 2 float), value (array index or raw bits)
//            SELFTEST=2 (Philox4x32-10 known-answer vectors in C), LIST=3 (kernel names), QUIT=4
//   response status (0 ok), then for LAUNCH every array's data in request order; for LIST a count
//            and length-prefixed names; status != 0 is followed by a length-prefixed message.
// A body that breaks the emulation's rules (a barrier outside a cooperative launch) aborts the
// process with a message on stderr.
#include "trackgen_kernel.cuh"
#include "harness.h"

#include <map>
#include <string>
#include <vector>

namespace tgh {
std::map<std::string, Launcher>& registry() {
    static std::map<std::string, Launcher> r;
    return r;
}
}  // namespace tgh

static bool read_words(void* dst, size_t words) {
    return fread(dst, 4, words, stdin) == words;
}

static uint32_t read_u32() {
    uint32_t v;
    if (!read_words(&v, 1)) {
        exit(0);  // the test JVM went away
    }
    return v;
}

static void write_u32(uint32_t v) {
    fwrite(&v, 4, 1, stdout);
}

static void write_error(const std::string& msg) {
    write_u32(1);
    write_u32(static_cast<uint32_t>(msg.size()));
    fwrite(msg.data(), 1, msg.size(), stdout);
    fflush(stdout);
}

static std::string read_string() {
    uint32_t len = read_u32();
    std::string s((len + 3) / 4 * 4, '\0');
    read_words(s.data(), s.size() / 4);
    s.resize(len);
    return s;
}

static int selftest() {
    struct Kat {
        unsigned int c[4];
        unsigned int k[2];
        unsigned int out[4];
    };
    // Random123 known-answer vectors for philox4x32_10 (the same as Philox4x32Test)
    const Kat kats[] = {
        {{0u, 0u, 0u, 0u}, {0u, 0u}, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
        {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}, {0xffffffffu, 0xffffffffu},
         {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
        {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}, {0xa4093822u, 0x299f31d0u},
         {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}},
    };
    int failures = 0;
    for (const Kat& kat : kats) {
        unsigned int out[4];
        tg_philox4x32(kat.c[0], kat.c[1], kat.c[2], kat.c[3], kat.k[0], kat.k[1], out);
        for (int i = 0; i < 4; i++) {
            if (out[i] != kat.out[i]) {
                fprintf(stderr, "philox KAT mismatch word %d: %08x != %08x\n", i, out[i], kat.out[i]);
                failures++;
            }
            if (tg_philox4x32_word(kat.c[0], kat.c[1], kat.c[2], kat.c[3], kat.k[0], kat.k[1], i) != kat.out[i]) {
                failures++;
            }
        }
    }
    // uniform() is exactly the top 24 bits times 2^-24
    for (int i = 0; i < 1000; i++) {
        unsigned int bits = static_cast<unsigned int>(tg_rng_bits(12345, 7, i));
        float u = tg_rng_uniform(12345, 7, i);
        if (u != static_cast<float>(bits >> 8) / 16777216.0f || !(u >= 0.0f && u < 1.0f)) {
            failures++;
        }
    }
    return failures;
}

int main() {
    std::vector<std::vector<uint32_t>> arrays;
    while (true) {
        uint32_t op = read_u32();
        if (op == 4) {
            return 0;
        }
        if (op == 2) {
            int failures = selftest();
            if (failures == 0) {
                write_u32(0);
                fflush(stdout);
            } else {
                write_error(std::to_string(failures) + " Philox/CounterRng self-test failures");
            }
            continue;
        }
        if (op == 3) {
            write_u32(0);
            write_u32(static_cast<uint32_t>(tgh::registry().size()));
            for (auto& kv : tgh::registry()) {
                write_u32(static_cast<uint32_t>(kv.first.size()));
                fwrite(kv.first.data(), 1, kv.first.size(), stdout);
            }
            fflush(stdout);
            continue;
        }
        if (op != 1) {
            fprintf(stderr, "harness: unknown request %u\n", op);
            return 2;
        }
        std::string name = read_string();
        Launch L;
        L.dim = static_cast<int>(read_u32());
        L.grid = read_u32();
        L.block = read_u32();
        L.shared = read_u32();
        L.cooperative = read_u32() != 0;
        uint32_t nArrays = read_u32();
        arrays.assign(nArrays, {});
        for (uint32_t a = 0; a < nArrays; a++) {
            uint32_t words = read_u32();
            arrays[a].resize(words + 4);  // slack: a stray read past the end stays in bounds
            read_words(arrays[a].data(), words);
            arrays[a].resize(words);
        }
        uint32_t nArgs = read_u32();
        L.args.assign(nArgs, Arg{});
        for (uint32_t i = 0; i < nArgs; i++) {
            uint32_t kind = read_u32();
            uint32_t value = read_u32();
            L.args[i].kind = kind;
            if (kind == 0) {
                L.args[i].ptr = arrays[value].data();
            } else {
                L.args[i].bits = value;
            }
        }
        auto it = tgh::registry().find(name);
        if (it == tgh::registry().end()) {
            write_error("no host body for kernel " + name);
            continue;
        }
        it->second(L);
        write_u32(0);
        for (auto& a : arrays) {
            fwrite(a.data(), 4, a.size(), stdout);
        }
        fflush(stdout);
    }
}
