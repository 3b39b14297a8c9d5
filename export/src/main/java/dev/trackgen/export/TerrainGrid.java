package dev.trackgen.export;

import dev.trackgen.pipeline.HeightfieldBaker;
import dev.trackgen.pipeline.HeightfieldOptions;

/**
 * One track's terrain heightfield in metres, baked by {@link HeightfieldBaker#bakeOne} (the
 * {@code tg_heightfield} kernel's Java body) from the {@link WorldTrack}: the banked road at its
 * heights, the level shoulder and the smooth falloff to the floor (docs/elevation.md,
 * "Heightfield"). The options' lengths are in track units and scaled by the world scale here.
 *
 * <p>Sample {@code (c, r)} (column {@code c} along {@code +x}, row {@code r} along {@code +y},
 * both {@code [0, R)}) lies at {@code (originX + (c + 0.5) cell, originY + (r + 0.5) cell)} with
 * height {@code height[r * R + c]}.
 *
 * @param resolution cells per side {@code R}
 * @param originX    x of cell 0's corner, metres
 * @param originY    y of cell 0's corner, metres
 * @param cell       square cell size, metres
 * @param height     {@code [R*R]} heights, metres, row-major from the {@code -y} edge
 * @param zMin       the lowest height, metres
 * @param zMax       the highest height, metres
 */
public record TerrainGrid(int resolution, double originX, double originY, double cell, float[] height,
                          double zMin, double zMax) {

    /**
     * @param track      the track, metres
     * @param options    the knobs, track units
     * @param worldScale metres per track unit
     * @return the baked grid
     */
    public static TerrainGrid of(WorldTrack track, HeightfieldOptions options, double worldScale) {
        int n = track.size();
        double[] c = track.center();
        double[] l = track.left();
        double[] r = track.right();
        double[] wl = track.widthLeft();
        double[] wr = track.widthRight();
        float[] center = new float[2 * n];
        float[] normal = new float[2 * n];
        float[] left = new float[n];
        float[] right = new float[n];
        float[] cz = new float[n];
        float[] lz = new float[n];
        float[] rz = new float[n];
        for (int i = 0; i < n; i++) {
            center[2 * i] = (float) c[2 * i];
            center[2 * i + 1] = (float) c[2 * i + 1];
            // the unit left normal: across the road from the right border to the left one
            double nx = l[2 * i] - r[2 * i];
            double ny = l[2 * i + 1] - r[2 * i + 1];
            double len = Math.hypot(nx, ny);
            normal[2 * i] = len > 0 ? (float) (nx / len) : 0f;
            normal[2 * i + 1] = len > 0 ? (float) (ny / len) : 0f;
            left[i] = (float) wl[i];
            right[i] = (float) wr[i];
            cz[i] = (float) track.centerZ()[i];
            lz[i] = (float) track.leftZ()[i];
            rz[i] = (float) track.rightZ()[i];
        }
        float s = (float) worldScale;
        HeightfieldOptions metres = HeightfieldOptions.builder().resolution(options.resolution())
                .padding(Math.min(options.padding() * s, HeightfieldOptions.MAX_LENGTH))
                .shoulder(Math.min(options.shoulder() * s, HeightfieldOptions.MAX_LENGTH))
                .falloff(Math.min(options.falloff() * s, HeightfieldOptions.MAX_LENGTH))
                .drop(Math.min(options.drop() * s, HeightfieldOptions.MAX_LENGTH)).build();
        HeightfieldBaker.HostGrid g = HeightfieldBaker.bakeOne(center, normal, left, right, cz, lz, rz, metres);
        return new TerrainGrid(g.resolution(), g.originX(), g.originY(), g.cell(), g.height(), g.minHeight(),
                g.maxHeight());
    }

    /** @return the grid's side, metres ({@code R * cell}) */
    public double side() {
        return resolution * cell;
    }

    /**
     * @param c column, {@code [0, R)}
     * @return the sample's x, metres
     */
    public double x(int c) {
        return originX + (c + 0.5) * cell;
    }

    /**
     * @param r row, {@code [0, R)}
     * @return the sample's y, metres
     */
    public double y(int r) {
        return originY + (r + 0.5) * cell;
    }
}
