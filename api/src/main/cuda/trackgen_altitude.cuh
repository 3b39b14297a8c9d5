/*
 * The altitude profile family for CUDA C bodies: twins of dev.trackgen.api.kernel.AltitudeProfile
 * (same float operations in the same order; see the Java class for the profiles and their
 * parameters). Include after the module's generated header (which includes trackgen_kernel.cuh
 * and api's constants TG_ALT_* and TG_STREAM_ALT_*).
 */
#ifndef TRACKGEN_ALTITUDE_CUH
#define TRACKGEN_ALTITUDE_CUH

/** AltitudeProfile.closedChords over float2 points p[po + i]: writes cum[co + i], returns the perimeter. */
TG_INLINE float tg_alt_closed_chords(const float2* p, int po, int n, float* cum, int co) {
    float acc = 0.0f;
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            float2 a = p[po + i - 1];
            float2 b = p[po + i];
            acc += tg_length(b.x - a.x, b.y - a.y);
        }
        cum[co + i] = acc;
    }
    if (n < 1) {
        return 0.0f;
    }
    float2 a = p[po + n - 1];
    float2 b = p[po];
    return acc + tg_length(b.x - a.x, b.y - a.y);
}

/** AltitudeProfile.fill. */
TG_INLINE void tg_alt_fill(int profile, int seed, const float* cum, int co, int n, float perim, float zBase,
                           float zMin, float zMax, float maxGrade, float amplitude, int harmonics, float* z, int zo) {
    if (profile == TG_ALT_UNIFORM) {
        for (int i = 0; i < n; i++) {
            z[zo + i] = zMin + tg_rng_uniform(seed, TG_STREAM_ALT_UNIFORM, i) * (zMax - zMin);
        }
    } else if (profile == TG_ALT_RANDOM_WALK) {
        float half = 0.5f * maxGrade;
        float acc = 0.0f;
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                float ds = cum[co + i] - cum[co + i - 1];
                acc += (2.0f * tg_rng_uniform(seed, TG_STREAM_ALT_WALK, i) - 1.0f) * half * ds;
            }
            z[zo + i] = acc;
        }
        float drift = acc;
        for (int i = 0; i < n; i++) {
            float frac = perim > 1.0e-9f ? cum[co + i] / perim : 0.0f;
            z[zo + i] = tg_minf(tg_maxf(zBase + z[zo + i] - drift * frac, zMin), zMax);
        }
    } else if (profile == TG_ALT_NOISE) {
        for (int i = 0; i < n; i++) {
            float frac = perim > 1.0e-9f ? cum[co + i] / perim : 0.0f;
            float acc = 0.0f;
            float norm = 0.0f;
            for (int k = 0; k < harmonics; k++) {
                float a = tg_rng_uniform(seed, TG_STREAM_ALT_NOISE, 2 * k);
                double phase = static_cast<double>(tg_rng_uniform(seed, TG_STREAM_ALT_NOISE, 2 * k + 1)) * TG_ALT_TWO_PI_D;
                float w = 1.0f / static_cast<float>(k + 1);
                float s = static_cast<float>(sin(TG_ALT_TWO_PI_D * static_cast<double>(k + 1) * static_cast<double>(frac) + phase));
                acc += a * w * s;
                norm += w;
            }
            float zz = zBase + amplitude * acc / tg_maxf(norm, 1.0e-9f);
            z[zo + i] = tg_minf(tg_maxf(zz, zMin), zMax);
        }
    } else {
        for (int i = 0; i < n; i++) {
            z[zo + i] = zBase;
        }
    }
}

#endif  // TRACKGEN_ALTITUDE_CUH
