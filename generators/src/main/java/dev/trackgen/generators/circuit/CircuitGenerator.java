package dev.trackgen.generators.circuit;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.BuiltinGenerator;
import dev.trackgen.generators.BuiltinScratch;
import dev.trackgen.generators.knobs.CircuitKnobs;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code circuit} generator: laps with the proportions of real racing circuits, composed from a
 * segment grammar (straights of varied length; corners from hairpins to fast sweepers, each a
 * clothoid entry, a constant-radius arc and a clothoid exit; chicanes; two-corner complexes),
 * closed exactly (turns summing to 2 pi, then a bounded least-change solve of the straights'
 * lengths that makes the end meet the start at the drawn lap length), best of
 * {@code circuit_best_of_k} candidates per env by a clearance score. See
 * {@link CircuitLayoutKernel} for the grammar and the solver, {@link CircuitEmitKernel} for the
 * selection. Lengths are in half-widths ({@link CircuitKnobs}); the laps are in world units
 * ({@code half_width} times those), centred on the origin, counter-clockwise.
 *
 * <p>Launch sequence per call: layouts (over {@code E * K} candidates), selection and sampling
 * (over {@code E}), flags; on a host runtime the first two are one launch over {@code E}
 * ({@link CircuitHostKernel}: the candidates of one env in order, scored only while they can
 * still win, the same output). Fixed and allocation-free, capturable. The configuration gives it the
 * {@code N_max} and {@code num_points} its lengths need unless they are set (see
 * {@link CircuitKnobs#nMax}, {@link #sizing}).
 */
public final class CircuitGenerator extends BuiltinGenerator<CircuitGenerator.Scratch> {
    /** The generator, with the kernels its plan launches. */
    public CircuitGenerator() {
        super("circuit", "segment grammar (straights, clothoid corners, chicanes) closed exactly, real-circuit proportions",
                CircuitKnobs.all(), Scratch::new, CircuitLayoutKernel.INSTANCE, CircuitEmitKernel.INSTANCE, FillI32Kernel.INSTANCE);
    }

    /** Coarse points per candidate for the clearance score. */
    public static final int COARSE_POINTS = 160;
    /** Clearance of the score, in half-widths: two road widths and a margin. */
    public static final float CLEARANCE = 3.2f;
    /** Range of the per-env compactness target the candidates are ranked by (the circuits' spread). */
    public static final float COMPACT_LO = 0.12f;
    /** Upper end of the compactness target range. */
    public static final float COMPACT_HI = 0.42f;

    /**
     * Circuit laps are about a hundred times longer than the other generators': unless set, the
     * stride the longest lap needs ({@link CircuitKnobs#nMax}, the knob default when that is beyond
     * 65536) and about one dense point per half a half-width ({@link CircuitKnobs#numPoints}).
     */
    @Override
    public TrackGenConfig.Sizing sizing(TrackGenConfig draft) {
        long need = CircuitKnobs.nMax(draft);
        return new TrackGenConfig.Sizing(CircuitKnobs.numPoints(draft), need <= 1 << 16 ? (int) need : draft.nMax());
    }

    @Override
    public List<String> validate(TrackGenConfig config) {
        List<String> problems = new ArrayList<>();
        String radii = TrackGenConfig.GeneratorRules.atLeast(config, CircuitKnobs.RADIUS_MAX, CircuitKnobs.RADIUS_MIN);
        if (radii != null) {
            problems.add(radii);
        }
        long need = CircuitKnobs.nMax(config);
        if (config.nMax() < need) {
            problems.add("generator 'circuit' with circuit_length = " + config.get(CircuitKnobs.LENGTH)
                    + " half-widths (spread " + config.get(CircuitKnobs.LENGTH_SPREAD) + ") at spacing "
                    + (float) config.spacing() + " needs N_max >= " + need
                    + (need <= 1 << 16 ? ", but N_max = " + config.nMax()
                    + "; raise N_max (or leave it unset), or shorten circuit_length"
                    : ", above the limit 65536; shorten circuit_length or raise spacing"));
        }
        long points = config.numEnvs() * (long) config.get(CircuitKnobs.BEST_OF_K)
                * (long) CircuitKnobs.maxSlots(config.get(CircuitKnobs.CORNERS))
                * CircuitKnobs.PIECES_PER_SLOT * CircuitKnobs.PIECE_FLOATS / 2;
        return withBufferLimit(problems, config, "num_envs * circuit_best_of_k * max slots * "
                + CircuitKnobs.PIECES_PER_SLOT + " pieces * " + CircuitKnobs.PIECE_FLOATS + " / 2", points);
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    static final class Scratch extends BuiltinScratch {
        private final int k;
        private final int slots;
        private final HostFusion fusion;
        private final F32Array pieces;
        private final Vec2Array coarse;
        private final F32Array boxes;
        private final F32Array info;
        private final I32Array score;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            super(config);
            this.k = config.get(CircuitKnobs.BEST_OF_K);
            this.slots = CircuitKnobs.maxSlots(config.get(CircuitKnobs.CORNERS));
            this.fusion = new HostFusion(rt, CircuitHostKernel.INSTANCE);
            int ek = envs * k;
            pieces = fusion.deviceF32(ek * CircuitKnobs.PIECES_PER_SLOT * slots * CircuitKnobs.PIECE_FLOATS);
            coarse = fusion.deviceVec2(ek * COARSE_POINTS);
            boxes = fusion.deviceF32(ek * 4 * ((COARSE_POINTS + CircuitLayoutKernel.CHUNK - 1) / CircuitLayoutKernel.CHUNK));
            info = fusion.deviceF32(ek * 2);
            score = fusion.deviceI32(ek);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            float hw = (float) config.halfWidth();
            int corners = config.get(CircuitKnobs.CORNERS);
            float rMin = (float) (config.get(CircuitKnobs.RADIUS_MIN) * config.halfWidth());
            float rMax = (float) (config.get(CircuitKnobs.RADIUS_MAX) * config.halfWidth());
            int slotsLo = CircuitKnobs.minSlots(corners);
            float length = (float) (config.get(CircuitKnobs.LENGTH) * config.halfWidth());
            float spread = (float) (double) config.get(CircuitKnobs.LENGTH_SPREAD);
            float share = (float) (double) config.get(CircuitKnobs.STRAIGHT_SHARE);
            float chicane = (float) (double) config.get(CircuitKnobs.CHICANE_PROB);
            float clearance = CLEARANCE * hw;
            int np = config.numPoints();
            return fusion.append(LaunchPlan.builder(), envs, CircuitHostKernel.INSTANCE.args().seeds(seeds)
                            .K(k).S(slots).slotsLo(slotsLo).slotsHi(slots).Nc(COARSE_POINTS).length(length)
                            .spread(spread).rMin(rMin).rMax(rMax).share(share).chicaneProb(chicane)
                            .clearance(clearance).hw(hw).compactLo(COMPACT_LO).compactHi(COMPACT_HI).N(np).out(out),
                    d -> d.launch(envs * k, CircuitLayoutKernel.INSTANCE.args().seeds(seeds)
                                    .K(k).S(slots).slotsLo(slotsLo).slotsHi(slots).Nc(COARSE_POINTS).length(length)
                                    .spread(spread).rMin(rMin).rMax(rMax).share(share).chicaneProb(chicane)
                                    .clearance(clearance).hw(hw).compactLo(COMPACT_LO).compactHi(COMPACT_HI)
                                    .pieces(pieces).coarse(coarse).boxes(boxes).info(info).score(score))
                            .launch(envs, CircuitEmitKernel.INSTANCE.args().pieces(pieces)
                                    .info(info).score(score).K(k).S(slots).N(np).rMin(rMin).rMax(rMax).out(out)))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
