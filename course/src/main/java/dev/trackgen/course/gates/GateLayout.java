package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.internal.Checks;

import java.util.Objects;

/**
 * The arrays of a batch of gate courses that the flying parts read, in the layout of the
 * {@code gates} module's {@code GateCourse} (a view of its arrays, or arrays of your own: tests
 * and importers fill them directly). Gate {@code k} of env {@code e} is at flat index
 * {@code e * gMax + k}; line sample {@code i} of env {@code e} at {@code e * lineMax + i}.
 *
 * @param runtime     where every array lives
 * @param numEnvs     {@code E}
 * @param gMax        gate stride per env
 * @param position    {@code [E * gMax * 3]} gate centres x, y, z, world units (NaN past count)
 * @param orientation {@code [E * gMax * 4]} unit quaternions (x, y, z, w); body x forward through
 *                    the opening, y left, z up
 * @param halfSize    {@code [E * gMax]} half the side of the square opening, world units
 * @param left        {@code [E * gMax * 3]} left bar endpoint ({@code centre + halfSize * body y})
 * @param right       {@code [E * gMax * 3]} right bar endpoint
 * @param count       {@code [E]} real gates per env
 * @param lineMax     course-line sample stride per env
 * @param linePoints  {@code [E * lineMax * 3]} closed course line samples (NaN past lineCount)
 * @param lineArclen  {@code [E * lineMax]} cumulative 3D arc length, 0 at sample 0
 * @param lineLength  {@code [E]} closed 3D length of the line
 * @param lineCount   {@code [E]} real line samples per env
 */
public record GateLayout(ComputeRuntime runtime, int numEnvs, int gMax, F32Array position, F32Array orientation,
                         F32Array halfSize, F32Array left, F32Array right, I32Array count, int lineMax,
                         F32Array linePoints, F32Array lineArclen, F32Array lineLength, I32Array lineCount) {
    /**
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException on a non-positive size or an array of the wrong length or
     *                                  on another runtime (the message names it)
     */
    public GateLayout {
        Objects.requireNonNull(runtime, "runtime");
        if (numEnvs < 1 || gMax < 1 || lineMax < 2) {
            throw new IllegalArgumentException("gate layout needs numEnvs >= 1, gMax >= 1 and lineMax >= 2, got "
                    + numEnvs + ", " + gMax + ", " + lineMax);
        }
        long g = (long) numEnvs * gMax;
        long l = (long) numEnvs * lineMax;
        check(runtime, position, "position", 3 * g);
        check(runtime, orientation, "orientation", 4 * g);
        check(runtime, halfSize, "halfSize", g);
        check(runtime, left, "left", 3 * g);
        check(runtime, right, "right", 3 * g);
        check(runtime, count, "count", numEnvs);
        check(runtime, linePoints, "linePoints", 3 * l);
        check(runtime, lineArclen, "lineArclen", l);
        check(runtime, lineLength, "lineLength", numEnvs);
        check(runtime, lineCount, "lineCount", numEnvs);
    }

    private static void check(ComputeRuntime runtime, DeviceArray a, String what, long expected) {
        Objects.requireNonNull(a, what);
        if (a.length() != expected) {
            throw new IllegalArgumentException("gate layout: " + what + " holds " + a.length() + " entries, expected "
                    + expected);
        }
        Checks.sameRuntime(runtime, a, what);
    }

    /**
     * Allocates an empty layout (zeros) on a runtime, for callers that fill the arrays themselves.
     *
     * @param runtime where to allocate
     * @param numEnvs {@code E}
     * @param gMax    gate stride
     * @param lineMax line sample stride
     * @return the new layout
     * @throws IllegalArgumentException on a non-positive size
     */
    public static GateLayout allocate(ComputeRuntime runtime, int numEnvs, int gMax, int lineMax) {
        int g = numEnvs * gMax;
        int l = numEnvs * lineMax;
        return new GateLayout(runtime, numEnvs, gMax, runtime.allocF32(3 * g), runtime.allocF32(4 * g),
                runtime.allocF32(g), runtime.allocF32(3 * g), runtime.allocF32(3 * g), runtime.allocI32(numEnvs),
                lineMax, runtime.allocF32(3 * l), runtime.allocF32(l), runtime.allocF32(numEnvs),
                runtime.allocI32(numEnvs));
    }
}
