package dev.trackgen.generators.repulsive;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.knobs.RepulsiveKnobs;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code repulsive} generator: each centerline grows from a small circle inside a disc domain
 * with random disc obstacles, under a hard ratcheting length constraint, by a tangent-point
 * energy flow preconditioned with a fractional Sobolev metric (after Yu, Schumacher and Crane,
 * <i>Repulsive Curves</i>, and Henrich and Kötter, <i>Generating Race Tracks With Repulsive
 * Curves</i>), coarse to fine over {@code repulsive_stages} with an area-based stall stop. The
 * grown loop is resampled to {@code num_points} and handed to the shared tail. Knobs:
 * {@link RepulsiveKnobs}, plus {@code scale}. After the original implementation's
 * AntoineRichard/TrackGen docs/generators/repulsive.rst.
 *
 * <p>Not capturable: the iteration loop reads the frozen flags back on the host every stall window
 * to stop early once every env has settled, so the number of launches depends on the data. It is
 * still deterministic in (seed, config) (the gradient is a fixed-order per-env sum, no atomics),
 * each env depends only on its own seed (frozen envs never move, and the early exit happens only
 * when all are frozen), and a call allocates nothing: every buffer, binding and the host flag
 * buffer are made in {@link #allocateScratch}. It costs roughly a thousand times what the
 * capturable generators do. Every kernel has a CUDA body, so on the CUDA runtime it runs eagerly
 * on the device each call, before the captured remainder of the pipeline.
 *
 * <p>Per iteration: ratchet, gradient (one thread per env over all point pairs), length
 * direction, the two Sobolev convolutions, projected normalized step with rescale; every
 * {@code repulsive_resample_every} iterations an arc-length reparameterization; at the last stage,
 * every {@code repulsive_stall_window} iterations, the stall check and its read-back.
 */
public final class RepulsiveGenerator implements CenterlineGenerator {

    private static final List<Kernel> KERNELS = List.of(RepulsiveObstaclesKernel.INSTANCE,
            RepulsiveSeedKernel.INSTANCE, RepulsiveCircleKernel.INSTANCE, RepulsiveRatchetKernel.INSTANCE,
            RepulsiveGradientKernel.INSTANCE, RepulsiveLengthDirKernel.INSTANCE, RepulsiveConvKernel.INSTANCE,
            RepulsiveStepKernel.INSTANCE, RepulsiveFreezeKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
            ArcResampleLookupKernel.INSTANCE, FillI32Kernel.INSTANCE);

    @Override
    public String name() {
        return "repulsive";
    }

    @Override
    public String description() {
        return "tangent-point growth among obstacles, Sobolev flow, coarse to fine (slow; not capturable)";
    }

    @Override
    public boolean capturable() {
        return false;
    }

    @Override
    public List<Kernel> kernels() {
        return KERNELS;
    }

    /** @return {@link RepulsiveKnobs#all()} */
    @Override
    public List<Knob<?>> knobs() {
        return RepulsiveKnobs.all();
    }

    @Override
    public List<String> validate(TrackGenConfig config) {
        List<String> problems = new ArrayList<>();
        for (String p : new String[] {
                TrackGenConfig.GeneratorRules.atLeast(config, RepulsiveKnobs.GROW_MULT_MAX, RepulsiveKnobs.GROW_MULT_MIN),
                TrackGenConfig.GeneratorRules.atLeast(config, RepulsiveKnobs.OBSTACLE_COUNT_MAX,
                        RepulsiveKnobs.OBSTACLE_COUNT_MIN),
                TrackGenConfig.GeneratorRules.atLeast(config, RepulsiveKnobs.OBSTACLE_RADIUS_MAX_FRAC,
                        RepulsiveKnobs.OBSTACLE_RADIUS_MIN_FRAC)}) {
            if (p != null) {
                problems.add(p);
            }
        }
        List<Integer> stages = config.get(RepulsiveKnobs.STAGES);
        if (stages.get(stages.size() - 1) != config.numPoints()) {
            problems.add("repulsive_stages = " + stages + " must end at num_points = " + config.numPoints()
                    + " for generator 'repulsive'");
        }
        double rate = config.get(RepulsiveKnobs.RATCHET_RATE);
        double grow = config.get(RepulsiveKnobs.GROW_MULT_MAX);
        double ratchet = Math.ceil(Math.log(grow) / Math.log1p(rate));
        double iterations = Math.ceil(ratchet * 1.6) + config.get(RepulsiveKnobs.SETTLE_ITERS);
        if (iterations > RepulsiveKnobs.MAX_ITERATIONS) {
            problems.add("repulsive_ratchet_rate = " + rate + " with repulsive_grow_mult_max = " + grow
                    + " and repulsive_settle_iters = " + config.get(RepulsiveKnobs.SETTLE_ITERS) + " needs "
                    + (long) iterations + " growth iterations per call, more than " + RepulsiveKnobs.MAX_ITERATIONS
                    + "; raise repulsive_ratchet_rate or lower repulsive_grow_mult_max");
        }
        return problems;
    }

    @Override
    public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return new Scratch(runtime, config);
    }

    @Override
    public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                         I32Array outValid, GeneratorScratch scratch) {
        ((Scratch) scratch).run(runtime, seeds, outCenterline, outValid);
    }

    /** Buffers, per-stage launch plans and the host flag buffer, made once. */
    private static final class Scratch implements GeneratorScratch {
        private final TrackGenConfig config;
        private final RepulsiveSchedule schedule;
        private final int envs;
        private final int nMax;
        private final int obsPoints;
        private final int resampleEvery;
        private final int stallWindow;
        private final Vec2Array center;
        private final Vec2Array grad;
        private final Vec2Array g;
        private final Vec2Array lg;
        private final Vec2Array ainvLg;
        private final Vec2Array tang;
        private final Vec2Array acc;
        private final F32Array wd;
        private final F32Array wcoef;
        private final F32Array peri;
        private final F32Array lTarget;
        private final F32Array lInit;
        private final F32Array lFinal;
        private final F32Array areaPrev;
        private final I32Array reached;
        private final I32Array frozen;
        private final I32Array live;
        private final Vec2Array obs;
        private final F32Array obsW;
        private final Vec2Array arcReal;
        private final F32Array arcSeg;
        private final F32Array arcS;
        private final I32Array arcCountReal;
        private final I32Array arcCountOut;
        private final F32Array[] sobolev;
        private final LaunchPlan[] iterate;
        private final LaunchPlan[] reparameterize;
        private final LaunchPlan[] upsample;
        private final LaunchPlan freeze;
        private final int[] hostFrozen;
        private LaunchPlan setup;
        private LaunchPlan finish;
        private I32Array boundSeeds;
        private Vec2Array boundOut;
        private I32Array boundValid;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            this.config = config;
            this.schedule = new RepulsiveSchedule(config);
            this.envs = config.numEnvs();
            int[] stages = schedule.stages;
            this.nMax = stages[stages.length - 1];
            this.obsPoints = RepulsiveObstaclesKernel.points(config.get(RepulsiveKnobs.OBSTACLE_COUNT_MAX));
            this.resampleEvery = config.get(RepulsiveKnobs.RESAMPLE_EVERY);
            this.stallWindow = config.get(RepulsiveKnobs.STALL_WINDOW);
            int en = envs * nMax;
            center = rt.allocVec2(en);
            grad = rt.allocVec2(en);
            g = rt.allocVec2(en);
            lg = rt.allocVec2(en);
            ainvLg = rt.allocVec2(en);
            tang = rt.allocVec2(en);
            acc = rt.allocVec2(en);
            wd = rt.allocF32(en);
            wcoef = rt.allocF32(en);
            peri = rt.allocF32(envs);
            lTarget = rt.allocF32(envs);
            lInit = rt.allocF32(envs);
            lFinal = rt.allocF32(envs);
            areaPrev = rt.allocF32(envs);
            reached = rt.allocI32(envs);
            frozen = rt.allocI32(envs);
            live = rt.allocI32(envs);
            obs = rt.allocVec2(envs * obsPoints);
            obsW = rt.allocF32(envs * obsPoints);
            arcReal = rt.allocVec2(en);
            arcSeg = rt.allocF32(en);
            arcS = rt.allocF32(envs * (nMax + 1));
            arcCountReal = rt.allocI32(envs);
            arcCountOut = rt.allocI32(envs);
            hostFrozen = new int[envs];
            sobolev = new F32Array[stages.length];
            iterate = new LaunchPlan[stages.length];
            reparameterize = new LaunchPlan[stages.length];
            upsample = new LaunchPlan[stages.length];
            for (int s = 0; s < stages.length; s++) {
                int n = stages[s];
                sobolev[s] = rt.allocF32(n);
                rt.upload(RepulsiveSchedule.sobolevRow(n, schedule.sobolevExponent, RepulsiveSchedule.SOBOLEV_EPS),
                        sobolev[s]);
                iterate[s] = iterationPlan(n, sobolev[s]);
                reparameterize[s] = resamplePlan(n, n, center, true);
                upsample[s] = s + 1 < stages.length ? resamplePlan(n, stages[s + 1], center, false) : null;
            }
            freeze = LaunchPlan.builder()
                    .launch(envs, RepulsiveFreezeKernel.INSTANCE.args().center(center)
                            .n(nMax).reached(reached).tol((float) (double) config.get(RepulsiveKnobs.STALL_AREA_TOL))
                            .areaPrev(areaPrev).frozen(frozen).live(live))
                    .build();
        }

        private LaunchPlan iterationPlan(int n, F32Array h) {
            float alpha = (float) (double) config.get(RepulsiveKnobs.ALPHA);
            float beta = (float) (double) config.get(RepulsiveKnobs.BETA);
            float pExp = -(beta - alpha) / 2f;
            return LaunchPlan.builder()
                    .launch(envs, RepulsiveRatchetKernel.INSTANCE.args()
                            .lTarget(lTarget).lFinal(lFinal)
                            .growth((float) (double) config.get(RepulsiveKnobs.RATCHET_RATE)).reached(reached))
                    .launch(envs, RepulsiveGradientKernel.INSTANCE.args()
                            .center(center).n(n).alpha(alpha).beta(beta).eps(RepulsiveSchedule.TP_EPS).obs(obs)
                            .obsW(obsW).M(obsPoints).pExp(pExp).nWall(RepulsiveObstaclesKernel.N_WALL)
                            .deactivate(config.get(RepulsiveKnobs.DEACTIVATE_OBSTACLES) ? 1 : 0).lTarget(lTarget)
                            .lInit(lInit).wLen((float) (double) config.get(RepulsiveKnobs.W_LEN)).reached(reached)
                            .frozen(frozen).tang(tang).wd(wd).wcoef(wcoef).acc(acc).peri(peri).grad(grad))
                    .launch(envs * n, RepulsiveLengthDirKernel.INSTANCE.args()
                            .center(center).n(n).lg(lg))
                    .launch(envs * n, RepulsiveConvKernel.INSTANCE.args().a(grad).b(lg)
                            .h(h).n(n).frozen(frozen).outA(g).outB(ainvLg))
                    .launch(envs, RepulsiveStepKernel.INSTANCE.args().center(center).g(g)
                            .lg(lg).ainvLg(ainvLg).n(n).peri(peri).lTarget(lTarget)
                            .tau((float) (double) config.get(RepulsiveKnobs.TAU)).frozen(frozen))
                    .build();
        }

        /**
         * Arc-length resample of each env's {@code n}-point loop in {@code center} to {@code num}
         * points in {@code out}: of every env, or of the live (not frozen) ones only.
         */
        private LaunchPlan resamplePlan(int n, int num, Vec2Array out, boolean liveOnly) {
            return LaunchPlan.builder()
                    .launch(envs, ArcResampleScanKernel.INSTANCE.args().dense(center).M(n).num(num).active(live)
                            .selectedOnly(liveOnly ? 1 : 0).real(arcReal).seg(arcSeg).s(arcS).countReal(arcCountReal)
                            .countOut(arcCountOut))
                    .launch(envs * num, ArcResampleLookupKernel.INSTANCE.args().real(arcReal).seg(arcSeg).s(arcS)
                            .countReal(arcCountReal).M(n).num(num).out(out))
                    .build();
        }

        private void bind(I32Array seeds, Vec2Array out, I32Array valid) {
            if (setup != null && seeds == boundSeeds && out == boundOut && valid == boundValid) {
                return;
            }
            setup = LaunchPlan.builder()
                    .launch(envs, RepulsiveObstaclesKernel.INSTANCE.args()
                            .seeds(seeds).rDom((float) schedule.rDom).rInit((float) schedule.rInit)
                            .radiusLo((float) (double) config.get(RepulsiveKnobs.OBSTACLE_RADIUS_MIN_FRAC))
                            .radiusHi((float) (double) config.get(RepulsiveKnobs.OBSTACLE_RADIUS_MAX_FRAC))
                            .kMin(config.get(RepulsiveKnobs.OBSTACLE_COUNT_MIN))
                            .kMax(config.get(RepulsiveKnobs.OBSTACLE_COUNT_MAX)).M(obsPoints).points(obs).weights(obsW))
                    .launch(envs, RepulsiveSeedKernel.INSTANCE.args().seeds(seeds)
                            .rInit((float) schedule.rInit)
                            .growLo((float) (double) config.get(RepulsiveKnobs.GROW_MULT_MIN))
                            .growHi((float) (double) config.get(RepulsiveKnobs.GROW_MULT_MAX)).lFinal(lFinal)
                            .lInit(lInit).lTarget(lTarget).reached(reached).frozen(frozen).live(live)
                            .areaPrev(areaPrev))
                    .launch(envs * schedule.stages[0], RepulsiveCircleKernel.INSTANCE.args().center(center).n(schedule.stages[0])
                                    .rInit((float) schedule.rInit))
                    .build();
            finish = LaunchPlan.builder()
                    .append(resamplePlan(nMax, nMax, out, false))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
            boundSeeds = seeds;
            boundOut = out;
            boundValid = valid;
        }

        void run(ComputeRuntime rt, I32Array seeds, Vec2Array out, I32Array valid) {
            bind(seeds, out, valid);
            int[] stages = schedule.stages;
            int[] starts = schedule.starts;
            int last = stages.length - 1;
            setup.enqueue(rt);
            int stage = 0;
            for (int it = 0; it < schedule.iterations; it++) {
                while (stage < last && it >= starts[stage + 1]) {
                    upsample[stage].enqueue(rt);
                    stage++;
                }
                iterate[stage].enqueue(rt);
                if ((it + 1) % resampleEvery == 0) {
                    reparameterize[stage].enqueue(rt);
                }
                if (stage == last && (it + 1) % stallWindow == 0) {
                    freeze.enqueue(rt);
                    rt.download(frozen, hostFrozen);
                    int count = 0;
                    for (int f : hostFrozen) {
                        count += f;
                    }
                    if (count >= envs) {
                        break;
                    }
                }
            }
            while (stage < last) {
                upsample[stage].enqueue(rt);
                stage++;
            }
            finish.enqueue(rt);
        }
    }
}
