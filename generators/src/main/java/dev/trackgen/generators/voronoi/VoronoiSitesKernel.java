package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The voronoi site field, one thread per site ({@code dim = E * S}).
 *
 * <p>{@code tg_voronoi_sites(seeds, S, layout, box, sites, polar)}: site {@code i} of env {@code e}
 * uses draws {@code d_k = u(8i + k)}, {@code k = 0..7}, of the seed's
 * {@link GeneratorKernels#STREAM_VORONOI_SITES} stream, and the env-wide cluster phase
 * {@code phi = 2 pi f_0} and radius {@code rho = (0.24 + 0.10 f_1) * box} from draws {@code f_0, f_1}
 * of {@link GeneratorKernels#STREAM_VORONOI_FIELD}. Placements, with {@code h = box / 2}:
 * <ul>
 *   <li>box: {@code ((2 d_6 - 1) h, (2 d_7 - 1) h)};</li>
 *   <li>annulus: angle {@code 2 pi d_6}, radius
 *       {@code sqrt(r0^2 + d_7 (r1^2 - r0^2))}, {@code r0 = 0.14 box}, {@code r1 = 0.52 box}
 *       (area-uniform in the band).</li>
 * </ul>
 * Layouts: {@value #RING} {@code ring} = box for every site (a uniform fill, despite the name);
 * {@value #VOID_RING} {@code void_ring} = annulus for every site; {@value #CLUSTERED}
 * {@code clustered} = cluster {@code c = min(floor(6 d_1), 5)} centred at angle
 * {@code phi + 2 pi c / 6}, radius {@code rho (0.82 + 0.30 d_2)}, plus noise of radius
 * {@code (0.025 + 0.080 d_4) box} at angle {@code 2 pi d_3}, clamped to the box, except when
 * {@code d_5 < 0.22}, which takes the annulus; {@value #MIXED} {@code mixed} = annulus when
 * {@code d_0 < 0.65}, else box. {@code polar} receives each site's {@code (|p|, atan2(y, x))} for
 * the anchor scan.
 *
 * <p>Shapes: {@code seeds: [E]}; {@code sites, polar: [E*S]} pairs.
 */
public final class VoronoiSitesKernel extends VoronoiSitesKernelBase {
    /** Layout code of {@code ring} (uniform box fill). */
    public static final int RING = 0;
    /** Layout code of {@code void_ring} (annulus with an empty centre). */
    @CudaConstant("TG_VORONOI_VOID_RING")
    public static final int VOID_RING = 1;
    /** Layout code of {@code clustered} (six clusters, 22% annulus). */
    @CudaConstant("TG_VORONOI_CLUSTERED")
    public static final int CLUSTERED = 2;
    /** Layout code of {@code mixed} (65% annulus, 35% box). */
    @CudaConstant("TG_VORONOI_MIXED")
    public static final int MIXED = 3;

    /** The kernel instance. */
    public static final VoronoiSitesKernel INSTANCE = new VoronoiSitesKernel();

    private VoronoiSitesKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_VORONOI)
    interface Signature {
        void tg_voronoi_sites(@In I32Array seeds, int S, int layout, float box, @Out Vec2Array sites,
                @Out Vec2Array polar);
    }

    /**
     * @param name a {@code voronoi_site_layout} value
     * @return its layout code
     * @throws IllegalArgumentException for an unknown layout
     */
    public static int layoutCode(String name) {
        return switch (name) {
            case "ring" -> RING;
            case "void_ring" -> VOID_RING;
            case "clustered" -> CLUSTERED;
            case "mixed" -> MIXED;
            default -> throw new IllegalArgumentException("unknown voronoi_site_layout '" + name + "'");
        };
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int sCount, int layout, float box, float[] sites,
                       float[] polar) {
        for (int t = begin; t < end; t++) {
            int e = t / sCount;
            siteOne(seeds[e], t - e * sCount, layout, box, sites, polar, t);
        }
    }

    /**
     * Site {@code i} of the env with seed {@code seed}, into pair {@code t} of {@code sites} and
     * {@code polar}: this kernel's body for one thread, shared with {@link VoronoiAnchorsHostKernel}.
     */
    static void siteOne(int seed, int i, int layout, float box, float[] sites, float[] polar, int t) {
        float half = 0.5f * box;
        float twoPi = (float) (2.0 * Math.PI);
        final int st = GeneratorKernels.STREAM_VORONOI_SITES;
        final int per = GeneratorKernels.VORONOI_DRAWS_PER_SITE;
        int d = per * i;
        boolean annulus = layout == VOID_RING
                || (layout == MIXED && CounterRng.uniform(seed, st, d) < 0.65f);
        float x = 0f;
        float y = 0f;
        boolean placed = false;
        if (layout == CLUSTERED) {
            float phase = CounterRng.uniform(seed, GeneratorKernels.STREAM_VORONOI_FIELD, 0) * twoPi;
            float radial = 0.24f * box + 0.10f * box * CounterRng.uniform(seed, GeneratorKernels.STREAM_VORONOI_FIELD, 1);
            int cluster = Math.min((int) (CounterRng.uniform(seed, st, d + 1) * 6f), 5);
            double ct = phase + twoPi * cluster / 6.0;
            float cr = radial * (0.82f + 0.30f * CounterRng.uniform(seed, st, d + 2));
            double th = CounterRng.uniform(seed, st, d + 3) * twoPi;
            float nr = 0.025f * box + 0.080f * box * CounterRng.uniform(seed, st, d + 4);
            if (CounterRng.uniform(seed, st, d + 5) < 0.22f) {
                annulus = true;
            } else {
                x = Math.min(Math.max(cr * (float) Math.cos(ct) + nr * (float) Math.cos(th), -half), half);
                y = Math.min(Math.max(cr * (float) Math.sin(ct) + nr * (float) Math.sin(th), -half), half);
                placed = true;
            }
        }
        if (!placed) {
            long u67 = CounterRng.uniformPair(seed, st, d + 6); // one Philox block for both draws
            float u6 = CounterRng.firstOfPair(u67);
            float u7 = CounterRng.secondOfPair(u67);
            if (annulus) {
                float r0 = 0.14f * box;
                float r1 = 0.52f * box;
                float r = (float) Math.sqrt(r0 * r0 + u7 * (r1 * r1 - r0 * r0));
                double th = u6 * twoPi;
                x = r * (float) Math.cos(th);
                y = r * (float) Math.sin(th);
            } else {
                x = (2f * u6 - 1f) * half;
                y = (2f * u7 - 1f) * half;
            }
        }
        sites[2 * t] = x;
        sites[2 * t + 1] = y;
        polar[2 * t] = (float) Math.sqrt(x * x + y * y);
        polar[2 * t + 1] = (float) PolarAngle.atan2(y, x);
    }
}
