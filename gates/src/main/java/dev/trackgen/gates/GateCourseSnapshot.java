package dev.trackgen.gates;

/**
 * A host copy of a {@link GateCourse} batch, in its layout (see there for the shapes): env
 * {@code e}'s gate {@code i} starts at float {@code 3 * (e * gMax + i)} of the 3-vector arrays,
 * {@code 4 * (e * gMax + i)} of {@code orientation}; its course-line sample {@code k} at
 * {@code 3 * (e * lineMax + k)}.
 *
 * @param numEnvs     batch size {@code E}
 * @param gMax        gate stride {@code G_max}
 * @param lineMax     course-line stride {@code L_max = G_max * samples_per_gate}
 * @param position    {@code [E * G_max * 3]} gate centers
 * @param tangent     {@code [E * G_max * 3]} unit course tangents
 * @param orientation {@code [E * G_max * 4]} unit quaternions {@code (x, y, z, w)}
 * @param halfSize    {@code [E * G_max]} half-sides of the openings
 * @param left        {@code [E * G_max * 3]} left bar endpoints
 * @param right       {@code [E * G_max * 3]} right bar endpoints
 * @param count       {@code [E]} real gates
 * @param valid       {@code [E]} 1 = valid course
 * @param linePoints  {@code [E * L_max * 3]} course-line samples
 * @param lineArclen  {@code [E * L_max]} cumulative 3D arc length
 * @param lineLength  {@code [E]} closed 3D length
 * @param lineCount   {@code [E]} real samples
 */
public record GateCourseSnapshot(int numEnvs, int gMax, int lineMax, float[] position, float[] tangent,
                                 float[] orientation, float[] halfSize, float[] left, float[] right, int[] count,
                                 int[] valid, float[] linePoints, float[] lineArclen, float[] lineLength,
                                 int[] lineCount) {
    /**
     * @param numEnvs batch size
     * @param gMax    gate stride
     * @param lineMax course-line stride
     * @return an empty snapshot of that shape, for {@link GateCourse#snapshotInto(GateCourseSnapshot)}
     */
    public static GateCourseSnapshot allocate(int numEnvs, int gMax, int lineMax) {
        int g = Math.multiplyExact(numEnvs, gMax);
        int l = Math.multiplyExact(numEnvs, lineMax);
        return new GateCourseSnapshot(numEnvs, gMax, lineMax, new float[3 * g], new float[3 * g], new float[4 * g],
                new float[g], new float[3 * g], new float[3 * g], new int[numEnvs], new int[numEnvs], new float[3 * l],
                new float[l], new float[numEnvs], new int[numEnvs]);
    }

    /** @return the fraction of envs flagged valid */
    public double yield() {
        int v = 0;
        for (int f : valid) {
            v += f != 0 ? 1 : 0;
        }
        return numEnvs == 0 ? 0.0 : v / (double) numEnvs;
    }
}
