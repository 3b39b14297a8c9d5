package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.metrics.LoopGrid;
import dev.trackgen.metrics.PolylineMetrics;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;


/**
 * Brings a {@link Circuit} through the pipeline's resample, relax and inflate stages
 * ({@link CenterlinePipeline}) and measures what they did to it.
 *
 * <p>A circuit with its own widths ({@link Circuit#hasWidths()}, a TUM file) keeps its road: the
 * file's polyline is sampled once at points with equal chords ({@link EqualChordResample}, double
 * precision, {@code floor(perimeter / spacing) + 1} points), each point gets the file's left and
 * right width interpolated along the file's segment it lies on, and the pipeline runs with
 * relaxation off ({@code relax_enable = false}) and a spacing just above that chord, so neither of
 * its resamples moves the points. The road is as narrow or as wide as the real one, off-centre where
 * the file's centerline is, and each border lies on the offset of the file's own chords. Where the
 * file's geometry breaks the validity definition (a turn tighter than the road is wide, two parts
 * of the lap closer than their widths) the track comes out invalid and its reason names the
 * point. The mean half-width below then sets only the spacing. {@code --half-width} (a
 * {@link Circuit#withHalfWidth} circuit) is the constant-width import, relaxed as before.
 *
 * <p>Configuration: the caller's knobs (relaxation, validity gate) with {@code num_envs = 1},
 * {@code half_width} = the circuit's, {@code spacing} = the caller's explicit {@code spacing}
 * else {@code 0.6 * half_width}, and {@code N_max = floor(perimeter / spacing) + 2}, sized from
 * the circuit rather than the default. The loop is moved to its centroid before it is handed to
 * the float pipeline (so coordinates far from the origin keep their precision) and the result
 * stays in that local frame: {@link ImportResult#origin()} (double) is where it sits in the file's
 * frame. Moving float32 points back by a UTM-sized offset would round them to centimetres or,
 * at 1e12, collapse them to one point.
 */
public final class CircuitImporter {
    /** Largest N_max the configuration allows. */
    private static final int N_MAX_LIMIT = 1 << 16;
    /**
     * The spacing handed to the pipeline over the equal chord of a circuit with its own widths:
     * just above the chord, so the constant-spacing resample counts the same points (its count is
     * the largest with every gap at most the spacing) whatever the float rounding of the
     * perimeter (about 1e-7 relative); the points then slide by at most 4e-6 of the lap.
     */
    private static final double SPACING_MARGIN = 1 + 4e-6;

    private CircuitImporter() {
    }

    /**
     * @param circuit a circuit with a known half-width
     * @param base    the caller's configuration (knobs other than those set here)
     * @return the configuration the import runs with ({@code relax_enable = false} for a circuit
     *         with its own widths, {@link #importCircuit} then setting the spacing to the equal
     *         chord, and for a bridge import, {@link #bridged})
     * @throws CircuitException if the half-width is unknown or not above the validity gate's
     *         {@code w_floor} (the track could only be invalid), or the loop needs more than 65536 points
     */
    public static TrackGenConfig configFor(Circuit circuit, TrackGenConfig base) {
        double hw = circuit.halfWidth();
        if (!(hw > 0) || !Double.isFinite(hw)) {
            throw new CircuitException(circuit.name() + ": no half-width: the file has no width columns; give one"
                    + " (--half-width)");
        }
        double floor = base.get(PipelineKnobs.W_FLOOR);
        if (!TrackGenConfig.aboveWidthFloor(hw, floor)) {
            throw new CircuitException(circuit.name() + ": the half-width " + Circuit.fmt(hw) + " ("
                    + circuit.halfWidthRule() + ") is not above w_floor = " + floor + ", the validity gate's width"
                    + " floor, so the track could only be invalid; give a larger --half-width or lower w_floor"
                    + " (--set w_floor=...)");
        }
        Double explicit = base.get(PipelineKnobs.SPACING);
        double spacing = explicit != null ? explicit : 0.6 * hw;
        double points = Math.floor(circuit.perimeter() / spacing) + 2;
        if (points > N_MAX_LIMIT) {
            throw new CircuitException(circuit.name() + ": the loop (length " + Circuit.fmt(circuit.perimeter())
                    + ") needs " + (long) points + " points at spacing " + Circuit.fmt(spacing)
                    + ", more than the limit " + N_MAX_LIMIT + "; use a larger spacing");
        }
        TrackGenConfig.Builder b = base.toBuilder().numEnvs(1).halfWidth(hw).spacing(spacing)
                .nMax(Math.max(4, (int) points));
        if (circuit.hasWidths() || bridged(base)) {
            // the file's centerline is the road's: relaxation would move it off the file's borders,
            // and would push the branches of a bridge's crossing apart
            b.set(PipelineKnobs.RELAX_ENABLE, false);
        }
        return b.build();
    }

    /**
     * @param config a configuration
     * @return whether it asks for bridges ({@code bridge_clearance > 0}): a crossing centerline is
     *         then imported (not relaxed) and the pipeline's bridge stage decides it
     */
    public static boolean bridged(TrackGenConfig config) {
        return config.get(ElevationKnobs.BRIDGE_CLEARANCE) > 0;
    }

    /**
     * Validates the circuit at the import's spacing, then runs it through the stages.
     *
     * @param circuit a circuit with a known half-width
     * @param base    the caller's configuration
     * @param runtime where to run (not closed here)
     * @return what came out and how far relaxation moved it
     * @throws CircuitException if the circuit is not a usable closed centerline (see {@link Circuit#validate})
     */
    public static ImportResult importCircuit(Circuit circuit, TrackGenConfig base, ComputeRuntime runtime) {
        TrackGenConfig config = configFor(circuit, base);
        circuit.validate(config.spacing(), bridged(config));
        int n = circuit.size();
        double[] xy = circuit.xy();
        double[] origin = circuit.centroid();
        double[] local = new double[2 * n];
        float[] input = new float[2 * n];
        for (int i = 0; i < n; i++) {
            local[2 * i] = xy[2 * i] - origin[0];
            local[2 * i + 1] = xy[2 * i + 1] - origin[1];
            input[2 * i] = (float) local[2 * i];
            input[2 * i + 1] = (float) local[2 * i + 1];
        }
        int nMax = config.nMax();
        float[] spaced = new float[2 * nMax];
        float[] relaxed = new float[2 * nMax];
        TrackSnapshot snapshot;
        if (circuit.hasWidths()) {
            // the file's own road: its polyline sampled once at equal chords, its widths carried
            // to those points, no relaxation (the file's centerline is the road's)
            int m = Math.max(3, (int) Math.floor(circuit.perimeter() / config.spacing()) + 1);
            EqualChordResample eq = EqualChordResample.of(local, circuit.leftWidths(), circuit.rightWidths(), m);
            config = config.toBuilder().spacing(eq.chord() * SPACING_MARGIN).build();
            double[] exy = eq.xy();
            double[] l = eq.left();
            double[] r = eq.right();
            float[] points = new float[2 * m];
            float[] left = new float[m];
            float[] right = new float[m];
            for (int i = 0; i < m; i++) {
                points[2 * i] = (float) exy[2 * i];
                points[2 * i + 1] = (float) exy[2 * i + 1];
                left[i] = (float) l[i];
                right[i] = (float) r[i];
            }
            try (CenterlinePipeline pipeline = new CenterlinePipeline(config, m, runtime, true)) {
                pipeline.run(points, left, right, new int[] {1});
                snapshot = intermediates(pipeline, runtime, spaced, relaxed);
            }
        } else {
            try (CenterlinePipeline pipeline = new CenterlinePipeline(config, n, runtime)) {
                pipeline.run(input);
                snapshot = intermediates(pipeline, runtime, spaced, relaxed);
            }
        }
        return new ImportResult(circuit, config, origin, local, input, spaced, relaxed, snapshot);
    }

    /** Downloads the constant-spacing and relaxed centerlines and snapshots the track. */
    private static TrackSnapshot intermediates(CenterlinePipeline pipeline, ComputeRuntime runtime, float[] spaced,
                                               float[] relaxed) {
        TrackGenerator.Intermediates mid = pipeline.intermediates();
        LockScope lock = new LockScope(runtime.executionLock());
        try (LockScope held = lock.acquire()) {
            runtime.download(mid.spaced(), spaced);
            runtime.download(mid.relaxed(), relaxed);
        }
        return pipeline.track().snapshot();
    }

    /**
     * Distance of every real point of a loop to a reference loop, in double precision, through a
     * {@link LoopGrid} of the reference (cells of about a quarter of the half-width, where the
     * points are expected), so a reference of a million points costs seconds, not hours.
     *
     * @param points    interleaved float points
     * @param count     how many
     * @param reference interleaved reference loop
     * @param refCount  its points
     * @param halfWidth the road half-width, which sizes the grid cells
     * @return {@code {mean, max}}
     */
    static double[] offsets(float[] points, int count, double[] reference, int refCount, double halfWidth) {
        double meanEdge = PolylineMetrics.perimeter(reference, refCount) / refCount;
        LoopGrid grid = new LoopGrid(reference, refCount, Math.max(halfWidth / 4, 2 * meanEdge));
        double sum = 0;
        double max = 0;
        for (int i = 0; i < count; i++) {
            double d = grid.distance(points[2 * i], points[2 * i + 1]);
            sum += d;
            max = Math.max(max, d);
        }
        return new double[] {count == 0 ? Double.NaN : sum / count, max};
    }
}
