package dev.trackgen.generators.repulsive;

/**
 * Scalar helpers of the repulsive kernels (device functions in the CUDA twin).
 */
final class RepulsiveMath {
    private RepulsiveMath() {
    }

    /**
     * {@code x^a} for {@code x > 0}, with the exponents of the default energy (alpha = 3,
     * beta = 6: 3, 2, 1, 0.5 and -2.5) done by multiplication and square roots, which are exact
     * enough and several times faster than a general power.
     *
     * @return {@code x} raised to {@code a}
     */
    static float pow(float x, float a) {
        if (a == 3f) {
            return x * x * x;
        }
        if (a == 2f) {
            return x * x;
        }
        if (a == 1f) {
            return x;
        }
        if (a == -2.5f) {
            return 1f / (x * x * (float) Math.sqrt(x));
        }
        if (a == 0.5f) {
            return (float) Math.sqrt(x);
        }
        return (float) Math.pow(x, a);
    }
}
