package dev.trackgen.pipeline.relax;

import dev.trackgen.api.kernel.ChunkBounds;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * The whole XPBD relaxation of each track in one launch, one index per environment
 * ({@code dim = E}); the CUDA body runs one thread block per environment, its threads over the beads
 * ({@link #cudaLaunchShape}).
 *
 * <p>For env {@code e} with {@code n = count[e]} real beads (the chain closes on itself):
 * <ol>
 *   <li><b>Setup.</b> Rest length {@code L0 = perimeter / n} and separation band
 *       ({@link SeparationBand}, or {@code bandOverride} when positive), written to {@code l0} and
 *       {@code band}.</li>
 *   <li><b>Sweeps</b> {@code k = 0 .. iters-1}, Jacobi semantics (every bead reads the previous
 *       sweep's positions only). With a candidate cache ({@code slots > 0} and {@code sepEvery > 1})
 *       the cache is refreshed from the current positions when {@code k % sepEvery == 0}: each bead
 *       keeps, in index order, up to {@code slots} beads outside the band closer than
 *       {@code cacheRadius} (a bounding-box broadphase over chunks of 8 beads skips far chunks;
 *       beads with more candidates are counted in {@code overflow}). Without a cache the separation
 *       scans every bead outside the band, on sweeps with {@code k % sepEvery == 0} only. A bead
 *       moves to {@code x + sepScale * sep + spcScale * spc + bscale * (mid - x)}:
 *       <ul>
 *         <li>{@code sep}: average over candidates {@code j} closer than {@code target} of
 *             {@code 0.5 * (target - d) / d * (x_i - x_j)} (d floored at 1e-9);</li>
 *         <li>{@code spc = 0.25 * (f_i * (x_{i+1} - x_i) - f_{i-1} * (x_i - x_{i-1}))} with the edge
 *             factor {@code f = (l - L0) / l}, {@code l} the edge length floored at 1e-9;</li>
 *         <li>{@code bscale = min(bendScale * max((rMin - r) / rMin, 0), 1)} with {@code r} the Menger
 *             radius through (i-1, i, i+1), so corners tighter than {@code rMin} are pulled toward
 *             the neighbours' midpoint {@code mid}, never past it.</li>
 *       </ul>
 *       From sweep {@code chebyStart} on, the Jacobi result {@code h} is blended:
 *       {@code x_new = omega_k * (gamma * (h - x) + (x - x_prev)) + x_prev}, with
 *       {@code x_prev = x} on the first accelerated sweep ({@link ChebyshevSchedule}).</li>
 *   <li><b>Smoothing tail.</b> {@code smoothPasses} Taubin passes
 *       ({@code x += 0.5 L(x)} then {@code x += -0.53 L(x)}, {@code L(x_i) = (x_{i-1} + x_{i+1})/2 - x_i}),
 *       then {@code polishIters} sweeps with spacing only.</li>
 * </ol>
 * The result lands in {@code bufA} (NaN past the count). {@code bufB}, {@code bufC},
 * {@code edgeLen}, {@code edgeFactor}, the cache arrays and {@code boxes} are the CUDA body's
 * per-env global scratch (used when shared memory cannot hold a track); the Java body keeps the
 * same state in the calling worker's buffers ({@code RelaxScratch}, a few KB reused for every env)
 * and never reads them, so host runtimes bind one row ({@link #globalScratchEnvs}).
 *
 * <p>The Java body also skips candidates that provably cannot be within the target: between
 * cache refreshes it keeps, per bead, the cached candidates that were within
 * {@code target + 2 * skin} at anchor positions, and rebuilds those sub-lists as soon as some bead
 * has moved {@code skin} (L1, {@code skin = 0.1 * target}) from its anchor. A skipped candidate
 * would have failed the {@code d < target} test, so the sums, and the results, are bit for bit
 * those of the full lists the CUDA body scans. The cached pair of each bead {@code p} with bead
 * {@code p + band + 1}, its nearest candidate along the chain (about half of the active pairs and
 * most separation hits at the defaults, nearly all of them on circuit tracks), is kept out of the
 * pair lists and evaluated for every bead at once, lane-wise where the bead update is
 * ({@link #pairSeparation} shows why the sums stay in the scan's order).
 * Fusing the sweeps keeps each track's beads in cache (shared memory on CUDA) for the whole
 * solve; it computes exactly what the per-sweep launch sequence of the original implementation
 * would. Sources: M. Müller et al., "Position Based Dynamics" (2007); M. Macklin et al., "XPBD"
 * (2016) and "Unified Particle Physics for Real-Time Applications" (2014, Chebyshev);
 * G. Taubin, "A Signal Processing Approach to Fair Surface Design" (1995); constants and schedule
 * from the original implementation's docs/relaxation/ (AntoineRichard/TrackGen).
 *
 * <p>Shapes: {@code in, bufA: [E*nMax]} pairs; {@code count, band, l0, overflow: [E]};
 * {@code omegas: [max(iters, 1)]}; with {@code R} scratch rows ({@code E} on CUDA, 1 on the CPU):
 * {@code bufB, bufC: [R*nMax]} pairs, {@code edgeLen, edgeFactor, cacheCount: [R*nMax]},
 * {@code cacheIdx: [R*nMax*max(slots, 1)]}, {@code boxes: [R * 4 * ceil(nMax / 8)]}.
 */
public final class XpbdRelaxKernel extends XpbdRelaxKernelBase {
    /** Taubin shrinking half-step factor. */
    @CudaConstant("TG_TAUBIN_LAMBDA")
    public static final float TAUBIN_LAMBDA = 0.5f;
    /** Taubin un-shrinking half-step factor. */
    @CudaConstant("TG_TAUBIN_MU")
    public static final float TAUBIN_MU = -0.53f;
    /** Beads per broadphase chunk of the candidate cache refresh. */
    @CudaConstant("TG_XPBD_CHUNK")
    public static final int CHUNK = 8;

    /**
     * Chunk boxes per group of the cache refresh's second broadphase level, used from
     * {@value #CACHE_GROUP_MIN_CHUNKS} chunks: a group whose box is the radius or more from a
     * group's box along x or y holds no chunk near any of that group's chunks (float subtraction
     * is monotonic, and a chunk's box lies in its group's), so its chunks are not tested one by one.
     * Shorter tracks keep the one-level scan; the candidate lists are the same either way.
     */
    static final int CACHE_GROUP = 8;
    /** Chunks from which the cache refresh tests groups of chunk boxes first. */
    static final int CACHE_GROUP_MIN_CHUNKS = 24;

    /**
     * How far, as a fraction of the target, a bead may move before the active candidate lists
     * are rebuilt ({@link RelaxScratch#buildActive}); changes the speed only, never a result.
     */
    static final float ACTIVE_SKIN = 0.1f;

    /** A sweep without separation. */
    @CudaConstant("TG_MODE_NONE")
    static final int MODE_NONE = 0;
    /** The CUDA body's cached sweep (per-bead candidate lists); the Java body sweeps pairs instead. */
    @CudaConstant("TG_MODE_CACHED")
    static final int MODE_CACHED = 1;
    /** A sweep against every bead beyond the band (the refresh sweep). */
    @CudaConstant("TG_MODE_DENSE")
    static final int MODE_DENSE = 2;
    /** Cached candidates, each pair evaluated once (see {@link RelaxScratch}). */
    private static final int MODE_PAIRS = 3;

    /** The kernel instance. */
    public static final XpbdRelaxKernel INSTANCE = new XpbdRelaxKernel();

    private XpbdRelaxKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, maxThreads = CUDA_MAX_THREADS, minBlocks = CUDA_MIN_BLOCKS,
            bindingBody = true)
    interface Signature {
        void tg_xpbd_relax(@In Vec2Array in, @In I32Array count, int nMax, float twoHalfWidth, int bandOverride,
                float target, float rMin, float sepScale, float spcScale, float bendScale, int iters, int sepEvery,
                int slots, float cacheRadius, int chebyStart, @In F32Array omegas, float gamma, int smoothPasses,
                int polishIters, @Out Vec2Array bufA, @Out Vec2Array bufB, @Out Vec2Array bufC,
                @Out F32Array edgeLen, @Out F32Array edgeFactor, @Out I32Array cacheCount, @Out I32Array cacheIdx,
                @Out I32Array overflow, @Out F32Array boxes, @Out I32Array band, @Out F32Array l0);
    }

    /** Most threads per block of the CUDA body (the {@code __launch_bounds__} of {@code tg_xpbd_relax}). */
    @CudaConstant("TG_XPBD_MAX_THREADS")
    public static final int CUDA_MAX_THREADS = 256;

    /** Resident blocks per multiprocessor the CUDA body's registers are planned for ({@code __launch_bounds__}). */
    @CudaConstant("TG_XPBD_MIN_BLOCKS")
    public static final int CUDA_MIN_BLOCKS = 4;

    /**
     * Dynamic shared memory the CUDA body needs to keep one track's state on chip: three bead
     * buffers, edge lengths and factors, broadphase boxes, the candidate counts and lists. The
     * twin of {@code tg_xpbd_shared_bytes} in {@code pipeline.cu}; with less the body works in the
     * global scratch arrays.
     *
     * @param nMax  stride
     * @param slots candidate slots per bead
     * @return bytes of dynamic shared memory per block
     */
    public static int sharedBytes(int nMax, int slots) {
        int chunks = (nMax + CHUNK - 1) / CHUNK;
        return 3 * 8 * nMax + 2 * 4 * nMax + 4 * 4 * chunks + 4 * nMax + 4 * nMax * Math.max(slots, 1);
    }

    /**
     * One block per track, threads over beads (up to {@value #CUDA_MAX_THREADS}), with
     * {@link #sharedBytes} of dynamic shared memory.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        Args a = (Args) args;
        int nMax = a.nMax();
        int slots = a.slots();
        return LaunchShape.blockPerIndexWithFallback(dim, Math.min(LaunchShape.roundUpToWarp(nMax), CUDA_MAX_THREADS),
                sharedBytes(nMax, slots));
    }

    /**
     * How many env rows of global scratch ({@code bufB}, {@code bufC}, {@code edgeLen},
     * {@code edgeFactor}, {@code cacheCount}, {@code cacheIdx}, {@code boxes}) a launch on
     * {@code runtime} binds. The Java body never reads them (it works in the calling worker's
     * buffers) and the CUDA body only when the device cannot give it {@link #sharedBytes} of shared
     * memory ({@link ComputeRuntime#needsGlobalScratch}): then a row per env, else one row (at the
     * defaults and E = 65536 that is 2.6 GB of device memory saved).
     *
     * @param runtime where the kernel runs
     * @param envs    envs of the launch
     * @param nMax    stride
     * @param slots   candidate slots per bead
     * @return {@code envs} where the CUDA body will run from global scratch, else {@code 1}
     */
    public static int globalScratchEnvs(ComputeRuntime runtime, int envs, int nMax, int slots) {
        LaunchShape shape = LaunchShape.blockPerIndexWithFallback(Math.max(1, envs),
                Math.min(LaunchShape.roundUpToWarp(nMax), CUDA_MAX_THREADS), sharedBytes(nMax, slots));
        return runtime.needsGlobalScratch(INSTANCE, shape) ? envs : 1;
    }

    /**
     * @param nMax stride
     * @return floats of broadphase box scratch per env
     */
    public static int boxFloats(int nMax) {
        return ChunkBounds.floats(nMax, CHUNK);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        runWith(a, begin, end, BeadUpdates.preferred());
    }

    /**
     * The Java body with a chosen bead update ({@code null}: the scalar loop for every bead); the
     * results are the same either way.
     */
    static void runWith(Args a, int begin, int end, BeadUpdate beads) {
        int nMax = a.nMax();
        int slots = a.slots();
        RelaxScratch w = RelaxScratch.forCurrentThread(nMax, slots);
        for (int e = begin; e < end; e++) {
            relaxEnv(e, a, w, beads);
        }
    }

    private static void relaxEnv(int e, Args a, RelaxScratch w, BeadUpdate beads) {
        float[] in = a.in();
        int n = a.count()[e];
        int nMax = a.nMax();
        float twoHw = a.twoHalfWidth();
        int bandOverride = a.bandOverride();
        float target = a.target();
        float rMin = a.rMin();
        float sr = a.sepScale();
        float pr = a.spcScale();
        float br = a.bendScale();
        int iters = a.iters();
        int sepEvery = a.sepEvery();
        int slots = a.slots();
        float cacheRadius = a.cacheRadius();
        int chebyStart = a.chebyStart();
        float[] omegas = a.omegas();
        float gamma = a.gamma();
        int smoothPasses = a.smoothPasses();
        int polishIters = a.polishIters();
        float[] bufA = a.bufA();
        int[] overflow = a.overflow();
        int b = e * nMax;
        float l0e = loadEnv(in, b, n, nMax, bufA, w.xs[0], w.ys[0]);
        overflow[e] = 0;
        int bandE = bandOverride > 0 ? bandOverride : SeparationBand.of(l0e, twoHw);
        a.l0()[e] = l0e;
        a.band()[e] = bandE;
        if (n < 3) {
            return;
        }
        // the track's working state lives in this worker's buffers, the beads from index 0
        float[][] xs = w.xs;
        float[][] ys = w.ys;
        boolean useCache = slots > 0 && sepEvery > 1;
        float skin = ACTIVE_SKIN * target;
        float keep2 = RelaxScratch.keepRadius2(target, skin);
        int r = 0;
        int wr = 1;
        int p = 2;
        for (int k = 0; k < iters; k++) {
            int mode;
            if (useCache) {
                boolean refreshed = k % sepEvery == 0;
                if (refreshed) {
                    overflow[e] = buildCache(xs[r], ys[r], n, bandE, cacheRadius, slots, beads != null, w);
                }
                if (refreshed || !w.activeHolds(xs[r], ys[r], n, skin, beads)) {
                    w.buildActive(xs[r], ys[r], n, keep2);
                }
                mode = MODE_PAIRS;
            } else {
                mode = k % sepEvery == 0 ? MODE_DENSE : MODE_NONE;
            }
            boolean accelerate = k >= chebyStart;
            int prevIdx = k == chebyStart ? r : p;
            sweep(xs[r], ys[r], xs[wr], ys[wr], accelerate ? xs[prevIdx] : null, accelerate ? ys[prevIdx] : null,
                    omegas[k], gamma, n, bandE, l0e, target, rMin, sr, pr, br, mode, w, beads);
            if (accelerate) {
                int freed = p;
                p = r;
                r = wr;
                wr = freed;
            } else {
                int t = r;
                r = wr;
                wr = t;
            }
        }
        for (int pass = 0; pass < smoothPasses; pass++) {
            taubin(xs[r], ys[r], xs[wr], ys[wr], n, TAUBIN_LAMBDA);
            taubin(xs[wr], ys[wr], xs[r], ys[r], n, TAUBIN_MU);
        }
        for (int k = 0; k < polishIters; k++) {
            sweep(xs[r], ys[r], xs[wr], ys[wr], null, null, 1f, 1f, n, bandE, l0e, target, rMin, 0f, pr, 0f,
                    MODE_NONE, w, beads);
            int t = r;
            r = wr;
            wr = t;
        }
        storeEnv(xs[r], ys[r], n, bufA, b);
    }

    /*
     * The per-bead loops before and after the sweeps live in methods of their own, so relaxEnv's
     * own loops run a few dozen times per env: the JIT then compiles relaxEnv once, as a whole
     * method, instead of once per loop entered on the stack and then again as a whole (about a
     * quarter of a second of C2 time each on this machine). Same operations as inline loops.
     */

    /**
     * Copies env row {@code b} of {@code in} ({@code nMax} points, NaN padding included) to the
     * same row of {@code out}, and its first {@code n} points to {@code (x0, y0)}.
     *
     * @return the mean edge length of the closed polyline of those {@code n} points
     */
    private static float loadEnv(float[] in, int b, int n, int nMax, float[] out, float[] x0, float[] y0) {
        // the output row starts as the input row, NaN padding included
        System.arraycopy(in, 2 * b, out, 2 * b, 2 * nMax);
        float peri = 0f;
        for (int i = 0; i < n; i++) {
            int u = b + (i + 1 == n ? 0 : i + 1);
            int t = b + i;
            float dx = in[2 * u] - in[2 * t];
            float dy = in[2 * u + 1] - in[2 * t + 1];
            peri += (float) Math.sqrt(dx * dx + dy * dy);
        }
        for (int i = 0; i < n; i++) {
            x0[i] = in[2 * (b + i)];
            y0[i] = in[2 * (b + i) + 1];
        }
        return peri / (float) n;
    }

    /** Writes the {@code n} beads {@code (x, y)} as the first points of row {@code b} of {@code out}. */
    private static void storeEnv(float[] x, float[] y, int n, float[] out, int b) {
        for (int i = 0; i < n; i++) {
            out[2 * (b + i)] = x[i];
            out[2 * (b + i) + 1] = y[i];
        }
    }

    /**
     * Refreshes the candidate lists of the {@code n} beads {@code (x, y)}: bead {@code i}'s list
     * holds, in ascending index order, its first {@code slots} candidates (beads outside the band
     * closer than {@code radius}; chunk pairs whose bounding boxes are {@code radius} or more apart
     * are skipped). Candidacy is symmetric, so each pair {@code i < j} is tested once, in ascending
     * {@code i} then ascending {@code j}: the order in which a per-bead scan fills every list, so an
     * overflowing list keeps its {@code slots} lowest indices. The lists are stored as pairs
     * ({@link RelaxScratch#pairIdx}): each pair of bead {@code i} and a higher candidate {@code j},
     * flagged {@code SELF} when {@code j} is in {@code i}'s list and {@code SEND} when {@code i} is in
     * {@code j}'s. With {@code chains} the chain pairs {@code (i, i + band + 1 + c)},
     * {@code c < CHAINS}, are kept apart ({@link RelaxScratch#chainSelf}) for the lane-wise chain
     * passes; without (the scalar body) they stay in the pair lists, where only the active ones
     * are evaluated: the same sums either way (see {@link #pairSeparation}), and on circuit
     * tracks, whose band + 2 pairs are candidates of nearly every bead but seldom active, scalar
     * chain passes over every bead cost about a fifth of the relaxation.
     *
     * @return the number of beads whose list overflowed
     */
    private static int buildCache(float[] x, float[] y, int n, int band, float radius, int slots, boolean chains,
                                  RelaxScratch w) {
        float[] boxes = w.boxes;
        int[] cacheCount = w.cacheCount;
        int[] pairLo = w.pairLo;
        int[] pairIdx = w.pairIdx;
        int np = 0;
        int chunks = (n + CHUNK - 1) / CHUNK;
        for (int c = 0; c < chunks; c++) {
            float minx = Float.POSITIVE_INFINITY;
            float miny = Float.POSITIVE_INFINITY;
            float maxx = Float.NEGATIVE_INFINITY;
            float maxy = Float.NEGATIVE_INFINITY;
            int last = Math.min(n, (c + 1) * CHUNK);
            for (int i = c * CHUNK; i < last; i++) {
                minx = Math.min(minx, x[i]);
                maxx = Math.max(maxx, x[i]);
                miny = Math.min(miny, y[i]);
                maxy = Math.max(maxy, y[i]);
            }
            boxes[4 * c] = minx;
            boxes[4 * c + 1] = miny;
            boxes[4 * c + 2] = maxx;
            boxes[4 * c + 3] = maxy;
        }
        float[][] chainSelf = w.chainSelf;
        float[][] chainSend = w.chainSend;
        for (int i = 0; i < n; i++) {
            cacheCount[i] = 0;
        }
        int chainCount = chains ? RelaxScratch.CHAINS : 0;
        // without chain passes the offset lies past every track (pairSeparation skips them)
        w.chainOffset = chains ? band + 1 : Integer.MAX_VALUE;
        float r2 = radius * radius;
        int overflowing = 0;
        int[] near = w.nearChunks;
        boolean grouped = chunks >= CACHE_GROUP_MIN_CHUNKS;
        int groups = (chunks + CACHE_GROUP - 1) / CACHE_GROUP;
        float[] gBoxes = w.groupBoxes;
        int[] nearGroups = w.nearGroups;
        if (grouped) {
            ChunkBounds.groups(boxes, 0, chunks, CACHE_GROUP, gBoxes, 0);
        }
        int groupCount = 0;
        for (int ci = 0; ci < chunks; ci++) {
            // the chunks cj >= ci whose boxes come within the radius of chunk ci's box, once per
            // chunk, in ascending order; on long tracks only from the groups near ci's group
            int nearCount = 0;
            if (grouped) {
                int gi = ci / CACHE_GROUP;
                if (ci % CACHE_GROUP == 0) {
                    groupCount = 0;
                    for (int gj = gi; gj < groups; gj++) {
                        boolean far = (gBoxes[4 * gj] - gBoxes[4 * gi + 2] >= radius)
                                | (gBoxes[4 * gi] - gBoxes[4 * gj + 2] >= radius)
                                | (gBoxes[4 * gj + 1] - gBoxes[4 * gi + 3] >= radius)
                                | (gBoxes[4 * gi + 1] - gBoxes[4 * gj + 3] >= radius);
                        nearGroups[groupCount] = gj;
                        groupCount += far ? 0 : 1;
                    }
                }
                for (int q = 0; q < groupCount; q++) {
                    int gj = nearGroups[q];
                    int cjEnd = Math.min(chunks, (gj + 1) * CACHE_GROUP);
                    for (int cj = Math.max(ci, gj * CACHE_GROUP); cj < cjEnd; cj++) {
                        nearCount = nearChunk(boxes, ci, cj, radius, near, nearCount);
                    }
                }
            } else {
                for (int cj = ci; cj < chunks; cj++) {
                    nearCount = nearChunk(boxes, ci, cj, radius, near, nearCount);
                }
            }
            int iEnd = Math.min(n, (ci + 1) * CHUNK);
            for (int i = ci * CHUNK; i < iEnd; i++) {
                float xi = x[i];
                float yi = y[i];
                // the beads j > i outside the band: band < j - i < n - band, one range
                int lo = i + band + 1;
                int hi = Math.min(n, i + n - band);
                // The chain pairs (i, lo + c), i's lowest candidates, first and without a branch on
                // the distance (nearly all are candidates, some are not): the order of the scan
                // below, which takes them in none of its chunks when their chunk is far (a pair in
                // a far chunk is no candidate either: rounding is monotonic, and the radius, the
                // target times 1 + skin, is not negative). j > i also holds off a band so large that
                // lo overflows.
                for (int c = 0; c < chainCount; c++) {
                    int j = lo + c;
                    float self = 0f;
                    float send = 0f;
                    if (j > i & j < hi) {
                        float dx = xi - x[j];
                        float dy = yi - y[j];
                        int hit = dx * dx + dy * dy < r2 ? 1 : 0;
                        int ci2 = cacheCount[i];
                        int cj2 = cacheCount[j];
                        self = hit != 0 & ci2 < slots ? 1f : 0f;
                        send = hit != 0 & cj2 < slots ? 1f : 0f;
                        overflowing += hit * ((ci2 == slots ? 1 : 0) + (cj2 == slots ? 1 : 0));
                        cacheCount[i] = ci2 + hit;
                        cacheCount[j] = cj2 + hit;
                    }
                    chainSelf[c][i] = self;
                    chainSend[c][i] = send;
                }
                int scanLo = lo + chainCount;
                for (int q = 0; q < nearCount; q++) {
                    int cj = near[q];
                    int jEnd = Math.min(hi, (cj + 1) * CHUNK);
                    for (int j = Math.max(scanLo, cj * CHUNK); j < jEnd; j++) {
                        float dx = xi - x[j];
                        float dy = yi - y[j];
                        if (dx * dx + dy * dy < r2) {
                            // j joins bead i's list (SELF) and i joins j's (SEND) unless the list is full
                            int ci2 = cacheCount[i];
                            int cj2 = cacheCount[j];
                            int flags = (ci2 < slots ? RelaxScratch.SELF : 0) | (cj2 < slots ? RelaxScratch.SEND : 0);
                            pairLo[np] = i;
                            pairIdx[np] = j | flags;
                            np += flags != 0 ? 1 : 0;
                            overflowing += (ci2 == slots ? 1 : 0) + (cj2 == slots ? 1 : 0);
                            cacheCount[i] = ci2 + 1;
                            cacheCount[j] = cj2 + 1;
                        }
                    }
                }
            }
        }
        w.pairCount = np;
        return overflowing;
    }

    /**
     * Appends chunk {@code cj} to {@code near} at {@code count} unless its box is {@code radius}
     * or more from chunk {@code ci}'s along x or y.
     *
     * @return the new count
     */
    private static int nearChunk(float[] boxes, int ci, int cj, float radius, int[] near, int count) {
        // Non-short-circuit tests keep this to one hard-to-predict branch.
        boolean far = (boxes[4 * cj] - boxes[4 * ci + 2] >= radius)
                | (boxes[4 * ci] - boxes[4 * cj + 2] >= radius)
                | (boxes[4 * cj + 1] - boxes[4 * ci + 3] >= radius)
                | (boxes[4 * ci + 1] - boxes[4 * cj + 3] >= radius);
        near[count] = cj;
        return count + (far ? 0 : 1);
    }

    /**
     * One Jacobi sweep of the {@code n} beads {@code (x, y)} into {@code (ox, oy)}; with
     * {@code px != null} the Chebyshev blend against {@code (px, py)} is applied to each bead's
     * result. The separation pushes come first, for every bead ({@link #separation}); then the
     * bead updates: whole vectors of beads through {@code beads} when there is one, the rest by
     * the scalar loop ({@link #updateBeads}), with the same operations.
     */
    private static void sweep(float[] x, float[] y, float[] ox, float[] oy, float[] px, float[] py, float omega,
                              float gamma, int n, int band, float l0, float target, float rMin, float sr, float pr,
                              float br, int mode, RelaxScratch w, BeadUpdate beads) {
        separation(x, y, n, band, target, mode, w, beads);
        int done = 0;
        if (beads != null) {
            float[] xq = w.padX;
            float[] yq = w.padY;
            System.arraycopy(x, 0, xq, 1, n);
            System.arraycopy(y, 0, yq, 1, n);
            xq[0] = x[n - 1];
            yq[0] = y[n - 1];
            xq[n + 1] = x[0];
            yq[n + 1] = y[0];
            done = beads.update(xq, yq, w.sepX, w.sepY, ox, oy, px, py, n, omega, gamma, l0, rMin, sr, pr, br);
        }
        if (done < n) {
            updateBeads(x, y, ox, oy, px, py, omega, gamma, done, n, l0, rMin, sr, pr, br, w.sepX, w.sepY);
        }
    }

    /**
     * Each bead's separation push into {@code w.sepX, w.sepY}: the average over its candidates
     * closer than {@code target} of {@code 0.5 * (target - d) / d * (x_i - x_j)}, zero without
     * any (and with {@code MODE_NONE}).
     */
    private static void separation(float[] x, float[] y, int n, int band, float target, int mode, RelaxScratch w,
                                   BeadUpdate beads) {
        float[] sepX = w.sepX;
        float[] sepY = w.sepY;
        if (mode == MODE_NONE) {
            java.util.Arrays.fill(sepX, 0, n, 0f);
            java.util.Arrays.fill(sepY, 0, n, 0f);
            return;
        }
        float target2 = target * target;
        if (mode == MODE_PAIRS) {
            pairSeparation(x, y, n, target, target2, w, beads);
            return;
        }
        for (int i = 0; i < n; i++) {
            float xi = x[i];
            float yi = y[i];
            float sx = 0f;
            float sy = 0f;
            int hits = 0;
            for (int j = 0; j < n; j++) {
                int dd = Math.abs(i - j);
                if (Math.min(dd, n - dd) <= band) {
                    continue;
                }
                float ddx = xi - x[j];
                float ddy = yi - y[j];
                if (Math.abs(ddx) < target && Math.abs(ddy) < target) {
                    float d2 = ddx * ddx + ddy * ddy;
                    if (d2 < target2) {
                        float dist = Math.max((float) Math.sqrt(d2), 1.0e-9f);
                        float wt = 0.5f * (target - dist) / dist;
                        sx += wt * ddx;
                        sy += wt * ddy;
                        hits++;
                    }
                }
            }
            // the average over the hits; x / 1 is x, so without hits (both sums +0) or with one
            // the sums are kept as they are, the same floats without the two divisions
            if (hits > 1) {
                float h = hits;
                sx /= h;
                sy /= h;
            }
            sepX[i] = sx;
            sepY[i] = sy;
        }
    }

    /**
     * The separation pushes from the active pairs ({@link RelaxScratch#activeIdx}) and the chain
     * pairs ({@link RelaxScratch#chainSelf}). A first loop over the active pairs keeps those closer
     * than the target (no branch: about a third of them, in no predictable pattern). Pair
     * {@code (i, j)}, {@code i < j}, adds its term to bead {@code i}'s sum ({@code SELF}) and
     * subtracts it from bead {@code j}'s ({@code SEND}; bead {@code j}'s term is exactly minus bead
     * {@code i}'s: the same d2 and weight, {@code -ddx}). Each bead's sum must receive its terms in
     * the order of the per-bead scan of its candidate list, from {@code +0}: first its lower
     * candidates' terms in ascending order, then its higher candidates'. Its lower chain pairs
     * {@code (k - band - 2, k)} and {@code (k - band - 1, k)} are its two highest lower candidates
     * and its higher chain pairs {@code (k, k + band + 1)} and {@code (k, k + band + 2)} its two
     * lowest higher ones, so the sums are built in three passes: the kept active pairs'
     * {@code SEND} terms in pair order (the pairs are sorted by lower, then higher bead), then the
     * four chain terms of every bead in that order ({@link #chainApply}), then the kept active
     * pairs' {@code SELF} terms in pair order. Adding a {@code +0} for a chain pair that is no hit leaves
     * a sum as it is (a sum of terms from {@code +0} is never {@code -0}). Then each sum is averaged
     * over its hits ({@code x / 1} is {@code x} for every float, so one or no hit divides by 1).
     */
    private static void pairSeparation(float[] x, float[] y, int n, float target, float target2, RelaxScratch w,
                                       BeadUpdate beads) {
        int[] activeLo = w.activeLo;
        int[] activeIdx = w.activeIdx;
        int[] hitPairs = w.hitPairs;
        int na = w.activeCount;
        int nh = 0;
        for (int s = 0; s < na; s++) {
            int i = activeLo[s];
            int j = activeIdx[s] & RelaxScratch.INDEX;
            float ddx = x[i] - x[j];
            float ddy = y[i] - y[j];
            hitPairs[nh] = s;
            nh += ddx * ddx + ddy * ddy < target2 ? 1 : 0;
        }
        float[] accX = w.accX;
        float[] accY = w.accY;
        float[] accHits = w.accHits;
        float[] termX = w.termX;
        float[] termY = w.termY;
        for (int h = 0; h < nh; h++) {
            int s = hitPairs[h];
            int entry = activeIdx[s];
            int i = activeLo[s];
            int j = entry & RelaxScratch.INDEX;
            float ddx = x[i] - x[j];
            float ddy = y[i] - y[j];
            float d2 = ddx * ddx + ddy * ddy;
            float dist = Math.max((float) Math.sqrt(d2), 1.0e-9f);
            float wt = 0.5f * (target - dist) / dist;
            float tx = wt * ddx;
            float ty = wt * ddy;
            termX[h] = tx;
            termY[h] = ty;
            if ((entry & RelaxScratch.SEND) != 0) {
                accX[j] -= tx;
                accY[j] -= ty;
                accHits[j] += 1f;
            }
        }
        if (w.chainOffset < n) {
            for (int c = 0; c < RelaxScratch.CHAINS; c++) {
                int off = w.chainOffset + c;
                int done = beads != null ? beads.chainTerms(x, y, n, off, c, target, target2, w) : 0;
                chainTerms(x, y, n, off, c, done, target, target2, w);
            }
            chainApply(n, beads != null ? beads.chainApply(n, w) : 0, w);
        }
        for (int h = 0; h < nh; h++) {
            int s = hitPairs[h];
            int entry = activeIdx[s];
            if ((entry & RelaxScratch.SELF) != 0) {
                int i = activeLo[s];
                accX[i] += termX[h];
                accY[i] += termY[h];
                accHits[i] += 1f;
            }
        }
        averageSums(n, beads != null ? beads.averageSums(n, w) : 0, w);
    }

    /** Beads {@code from .. n-1}: each separation sum averaged over its hits into its push, the sums cleared. */
    static void averageSums(int n, int from, RelaxScratch w) {
        float[] accX = w.accX;
        float[] accY = w.accY;
        float[] accHits = w.accHits;
        float[] sepX = w.sepX;
        float[] sepY = w.sepY;
        for (int i = from; i < n; i++) {
            // max(hits, 1) is the hits-or-1 choice (no branch per bead)
            float h = Math.max(accHits[i], 1f);
            sepX[i] = accX[i] / h;
            sepY[i] = accY[i] / h;
            accX[i] = 0f;
            accY[i] = 0f;
            accHits[i] = 0f;
        }
    }

    /**
     * The scalar terms of the chain pairs {@code (p, p + off)} of chain {@code c}
     * ({@code off = chainOffset + c}), {@code p = from .. n - off - 1}, into the scratch's chain
     * arrays ({@link BeadUpdate#chainTerms} the same, many at a time): a pair closer than the
     * target gives {@code 0.5 * (target - d) / d * (x_p - x_{p+off})} to bead {@code p} when cached
     * {@code SELF} and to bead {@code p + off} (to subtract) when cached {@code SEND}; every other
     * entry of the {@code n} beads is {@code +0}.
     */
    static void chainTerms(float[] x, float[] y, int n, int off, int c, int from, float target, float target2,
                           RelaxScratch w) {
        float[] chainSelf = w.chainSelf[c];
        float[] chainSend = w.chainSend[c];
        float[] loX = w.chainLoX[c];
        float[] loY = w.chainLoY[c];
        float[] loH = w.chainLoHits[c];
        float[] hiX = w.chainHiX[c];
        float[] hiY = w.chainHiY[c];
        float[] hiH = w.chainHiHits[c];
        int m = n - off;
        for (int p = from; p < m; p++) {
            int q = p + off;
            float ddx = x[p] - x[q];
            float ddy = y[p] - y[q];
            float d2 = ddx * ddx + ddy * ddy;
            float tx = 0f;
            float ty = 0f;
            boolean hit = d2 < target2;
            if (hit) {
                float dist = Math.max((float) Math.sqrt(d2), 1.0e-9f);
                float wt = 0.5f * (target - dist) / dist;
                tx = wt * ddx;
                ty = wt * ddy;
            }
            boolean self = hit && chainSelf[p] != 0f;
            boolean send = hit && chainSend[p] != 0f;
            hiX[p] = self ? tx : 0f;
            hiY[p] = self ? ty : 0f;
            hiH[p] = self ? 1f : 0f;
            loX[q] = send ? tx : 0f;
            loY[q] = send ? ty : 0f;
            loH[q] = send ? 1f : 0f;
        }
        int loEnd = Math.min(off, n);
        java.util.Arrays.fill(loX, 0, loEnd, 0f);
        java.util.Arrays.fill(loY, 0, loEnd, 0f);
        java.util.Arrays.fill(loH, 0, loEnd, 0f);
        int hiStart = Math.max(m, 0);
        java.util.Arrays.fill(hiX, hiStart, n, 0f);
        java.util.Arrays.fill(hiY, hiStart, n, 0f);
        java.util.Arrays.fill(hiH, hiStart, n, 0f);
    }

    /**
     * Each bead's chain terms into its separation sum, in the order of its candidate scan: the
     * lower chain pairs' subtracted (farthest first), then the higher ones' added (nearest first).
     */
    static void chainApply(int n, int from, RelaxScratch w) {
        float[] accX = w.accX;
        float[] accY = w.accY;
        float[] accHits = w.accHits;
        float[] loX0 = w.chainLoX[0];
        float[] loY0 = w.chainLoY[0];
        float[] loH0 = w.chainLoHits[0];
        float[] hiX0 = w.chainHiX[0];
        float[] hiY0 = w.chainHiY[0];
        float[] hiH0 = w.chainHiHits[0];
        float[] loX1 = w.chainLoX[1];
        float[] loY1 = w.chainLoY[1];
        float[] loH1 = w.chainLoHits[1];
        float[] hiX1 = w.chainHiX[1];
        float[] hiY1 = w.chainHiY[1];
        float[] hiH1 = w.chainHiHits[1];
        for (int k = from; k < n; k++) {
            accX[k] = accX[k] - loX1[k] - loX0[k] + hiX0[k] + hiX1[k];
            accY[k] = accY[k] - loY1[k] - loY0[k] + hiY0[k] + hiY1[k];
            accHits[k] = accHits[k] + loH1[k] + loH0[k] + hiH0[k] + hiH1[k];
        }
    }

    /**
     * The scalar bead update of beads {@code from .. n-1}: {@code x + sepScale * sep +
     * spcScale * spc + bscale * (mid - x)}, then the Chebyshev blend when {@code px != null}.
     */
    private static void updateBeads(float[] x, float[] y, float[] ox, float[] oy, float[] px, float[] py,
                                    float omega, float gamma, int from, int n, float l0, float rMin, float sr,
                                    float pr, float br, float[] sepX, float[] sepY) {
        // The edge terms roll along the chain: edge i (from bead i to i+1) is computed once, at bead
        // i, and reused as bead i+1's previous edge; the same operations as a separate edge pass.
        float xp = x[from == 0 ? n - 1 : from - 1];
        float yp = y[from == 0 ? n - 1 : from - 1];
        float xi = x[from];
        float yi = y[from];
        float dpx = xi - xp;
        float dpy = yi - yp;
        float lenP = (float) Math.sqrt(dpx * dpx + dpy * dpy);
        float lP = Math.max(lenP, 1.0e-9f);
        float fp = (lP - l0) / lP;
        for (int i = from; i < n; i++) {
            int in = i + 1 == n ? 0 : i + 1;
            float xn = x[in];
            float yn = y[in];
            float dnx = xn - xi;
            float dny = yn - yi;
            float lenN = (float) Math.sqrt(dnx * dnx + dny * dny);
            float lN = Math.max(lenN, 1.0e-9f);
            float fn = (lN - l0) / lN;
            float spx = 0.25f * (fn * dnx - fp * dpx);
            float spy = 0.25f * (fn * dny - fp * dpy);
            // Bending guard. The Menger radius r = lp * ln * lc / (2 |cross|) is below rMin exactly when
            // (2 |cross| rMin)^2 > (lp ln)^2 lc^2, which needs no root; only then is r itself computed.
            float bscale = 0f;
            float twoCross = 2.0f * Math.abs(dpx * dny - dpy * dnx);
            float cx = xn - xp;
            float cy = yn - yp;
            float lc2 = cx * cx + cy * cy;
            float lpln = lenP * lenN;
            float q = twoCross * rMin;
            if (q * q > lpln * lpln * lc2) {
                float radius = Math.max(lpln * (float) Math.sqrt(lc2), 1.0e-12f) / twoCross;
                bscale = Math.min(br * ((rMin - radius) / rMin), 1.0f);
            }
            float hx = xi + sr * sepX[i] + pr * spx + bscale * (0.5f * (xp + xn) - xi);
            float hy = yi + sr * sepY[i] + pr * spy + bscale * (0.5f * (yp + yn) - yi);
            if (px != null) {
                float qx = px[i];
                float qy = py[i];
                hx = omega * (gamma * (hx - xi) + (xi - qx)) + qx;
                hy = omega * (gamma * (hy - yi) + (yi - qy)) + qy;
            }
            ox[i] = hx;
            oy[i] = hy;
            xp = xi;
            yp = yi;
            xi = xn;
            yi = yn;
            dpx = dnx;
            dpy = dny;
            lenP = lenN;
            fp = fn;
        }
    }

    /** One Taubin half-step of the {@code n} beads {@code (x, y)} into {@code (ox, oy)}. */
    private static void taubin(float[] x, float[] y, float[] ox, float[] oy, int n, float factor) {
        for (int i = 0; i < n; i++) {
            int in = i + 1 == n ? 0 : i + 1;
            int ip = i == 0 ? n - 1 : i - 1;
            float xi = x[i];
            float yi = y[i];
            ox[i] = xi + factor * (0.5f * (x[ip] + x[in]) - xi);
            oy[i] = yi + factor * (0.5f * (y[ip] + y[in]) - yi);
        }
    }
}
