package dev.trackgen.course.collision;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OffRoadCheckerTest {
    private static final double R0 = 1.0;
    private static final double W = 0.1;

    /** One box on one env. */
    private static BoxContacts.Snapshot one(ComputeRuntime rt, Track track, OffRoadOptions o, float x, float y,
                                            float h, float hx, float hy) {
        int e = track.numEnvs();
        float[] pos = new float[2 * e];
        float[] head = new float[e];
        float[] he = new float[2 * e];
        java.util.Arrays.fill(pos, Float.NaN);
        java.util.Arrays.fill(head, 0f);
        java.util.Arrays.fill(he, 0.01f);
        pos[0] = x;
        pos[1] = y;
        head[0] = h;
        he[0] = hx;
        he[1] = hy;
        Boxes b = new Fixtures.HostBoxes(1, pos, head, he).upload(rt);
        return new OffRoadChecker(track, b, o).query().snapshot(rt);
    }

    /** Distance from the origin to the solid box, and the largest corner radius. */
    private static double[] radii(double x, double y, double h, double hx, double hy) {
        double c = Math.cos((float) h);
        double s = Math.sin((float) h);
        double lx = c * -x + s * -y; // origin in the box frame
        double ly = -s * -x + c * -y;
        double ox = Math.max(Math.abs(lx) - hx, 0);
        double oy = Math.max(Math.abs(ly) - hy, 0);
        double far = 0;
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sy = -1; sy <= 1; sy += 2) {
                far = Math.max(far, Math.hypot(x + sx * hx * c - sy * hy * s, y + sx * hx * s + sy * hy * c));
            }
        }
        return new double[] {Math.hypot(ox, oy), far};
    }

    @Test
    void onACircleRoadTheClearanceIsTheDistanceToTheNearerCircle() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = Fixtures.circle(rt, 1, 4096, R0, W);
            double sag = (R0 + W) * (1 - Math.cos(Math.PI / 4096)) + 1e-6;
            for (double rho : new double[] {0.93, 0.97, 1.0, 1.03, 1.06}) {
                for (double a : new double[] {0.0, 0.7, 2.5, -1.9}) {
                    for (double turn : new double[] {0.0, 0.4, Math.PI / 2}) {
                        float x = (float) (rho * Math.cos(a));
                        float y = (float) (rho * Math.sin(a));
                        float h = (float) (a + Math.PI / 2 + turn);
                        double[] r = radii(x, y, h, 0.02, 0.01);
                        double want = Math.min((R0 + W) - r[1], r[0] - (R0 - W));
                        BoxContacts.Snapshot s = one(rt, track, OffRoadOptions.segments(), x, y, h, 0.02f, 0.01f);
                        assertEquals(want > 0 ? 0 : 1, s.offRoad()[0], "rho " + rho);
                        if (want > 0) {
                            assertEquals(want, s.clearance()[0], sag, "rho " + rho + " a " + a + " turn " + turn);
                            // the nearest point lies on the nearer circle, the normal points into the road
                            double nr = Math.hypot(s.nearest()[0], s.nearest()[1]);
                            boolean outer = (R0 + W) - r[1] < r[0] - (R0 - W);
                            assertEquals(outer ? 1 : 0, s.border()[0]);
                            assertEquals(outer ? R0 + W : R0 - W, nr, 1e-4);
                            double radial = (s.normal()[0] * s.nearest()[0] + s.normal()[1] * s.nearest()[1]) / nr;
                            assertEquals(outer ? -1 : 1, radial, 1e-3);
                        }
                    }
                }
            }
        }
    }

    @Test
    void aBoxStraddlingTheBorderIsOffRoadByItsOutsideCorners() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = Fixtures.circle(rt, 1, 4096, R0, W);
            float hx = 0.03f;
            float hy = 0.02f;
            float x = (float) (R0 + W);
            BoxContacts.Snapshot s = one(rt, track, OffRoadOptions.segments(), x, 0f, (float) (Math.PI / 2), hx, hy);
            assertEquals(1, s.offRoad()[0]);
            double pen = Math.hypot(R0 + W + hy, hx) - (R0 + W);
            assertEquals(-pen, s.clearance()[0], 1e-5);
            assertEquals(1, s.border()[0]);
            // a long box tangent to the inner circle: the circle crosses its inner edge between corners
            // that are all on the road, so it is off the road with clearance 0
            double rho = R0 - W + 0.005;
            double cornerR = Math.hypot(rho - 0.01, 0.1);
            assertTrue(cornerR > R0 - W && rho - 0.01 < R0 - W);
            BoxContacts.Snapshot edge = one(rt, track, OffRoadOptions.segments(), (float) rho, 0f,
                    (float) (Math.PI / 2), 0.1f, 0.01f);
            assertEquals(1, edge.offRoad()[0]);
            assertEquals(0.0, edge.clearance()[0], 0.0);
            assertEquals(0, edge.border()[0]);
        }
    }

    /** A square road of half side 1, borders at 1 -+ W, with sharp corners. */
    private static Track square(ComputeRuntime rt) {
        int perSide = 64;
        int n = 4 * perSide;
        Track t = Track.allocate(rt, 1, n);
        float[] c = new float[2 * n];
        float[] in = new float[2 * n];
        float[] out = new float[2 * n];
        for (int i = 0; i < n; i++) {
            int side = i / perSide;
            double u = -1 + 2.0 * (i % perSide) / perSide;
            double x;
            double y;
            switch (side) { // counter-clockwise from (-1, -1)
                case 0 -> { x = u; y = -1; }
                case 1 -> { x = 1; y = u; }
                case 2 -> { x = -u; y = 1; }
                default -> { x = -1; y = -u; }
            }
            c[2 * i] = (float) x;
            c[2 * i + 1] = (float) y;
            in[2 * i] = (float) (x * (1 - W));
            in[2 * i + 1] = (float) (y * (1 - W));
            out[2 * i] = (float) (x * (1 + W));
            out[2 * i + 1] = (float) (y * (1 + W));
        }
        rt.upload(c, t.center());
        rt.upload(in, t.inner());
        rt.upload(out, t.outer());
        rt.upload(new int[] {n}, t.count());
        rt.upload(new int[] {1}, t.valid());
        return t;
    }

    @Test
    void aBoxRotated45DegreesAtACornerMeetsTheBorderWithItsCorner() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = square(rt);
            float hx = 0.03f;
            float hy = 0.01f;
            float h = (float) (Math.PI / 4);
            double reach = (hx + hy) / Math.sqrt(2); // corner (hx, hy) of the box, along y (and x for (hx, -hy))
            for (double gap : new double[] {0.02, 0.005, -0.004}) {
                float p = (float) (1 + W - reach - gap);
                BoxContacts.Snapshot s = one(rt, track, OffRoadOptions.segments(), p, p, h, hx, hy);
                assertEquals(gap > 0 ? 0 : 1, s.offRoad()[0], "gap " + gap);
                assertEquals(gap, s.clearance()[0], 2e-6, "gap " + gap);
                assertEquals(1, s.border()[0]);
                // the normal of the outer border's top or right side, into the road
                double nx = s.normal()[0];
                double ny = s.normal()[1];
                assertTrue(Math.abs(nx + 1) < 1e-5 && Math.abs(ny) < 1e-5 || Math.abs(ny + 1) < 1e-5 && Math.abs(nx) < 1e-5,
                        nx + ", " + ny);
            }
        }
    }

    @Test
    void inactiveBoxesAndDegenerateTracksGiveNaNNotACrash() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = Fixtures.circle(rt, 2, 64, R0, W);
            rt.upload(new int[] {64, 2}, track.count());
            float[] pos = {Float.NaN, 0f, 1f, 0f};
            Boxes b = new Fixtures.HostBoxes(1, pos, new float[] {0f, 0f}, new float[] {0.01f, 0.01f, 0.01f, 0.01f})
                    .upload(rt);
            for (OffRoadOptions o : List.of(OffRoadOptions.segments(), OffRoadOptions.sdf())) {
                BoxContacts.Snapshot s = new OffRoadChecker(track, b, o).query().snapshot(rt);
                assertArrayEquals(new int[] {0, 1}, s.offRoad(), o.backend().id());
                assertArrayEquals(new int[] {-1, -1}, s.border());
                assertTrue(Float.isNaN(s.clearance()[0]) && Float.isNaN(s.clearance()[1]));
                assertTrue(Float.isNaN(s.normal()[0]) && Float.isNaN(s.nearest()[3]));
            }
        }
    }

    @Test
    void bindingErrorsNameWhatIsWrong() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = Fixtures.circle(rt, 3, 64, R0, W);
            Boxes b = new Boxes(2, rt.allocVec2(4), rt.allocF32(4), rt.allocVec2(4));
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                    () -> new OffRoadChecker(track, b, OffRoadOptions.segments()));
            assertTrue(ex.getMessage().contains("3 envs x 2 boxes need arrays of 6, got 4"), ex.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new Boxes(2, rt.allocVec2(4), rt.allocF32(3), rt.allocVec2(4)));
            assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfResolution(4));
            assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfResolution(4097));
            assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfPadding(-1f));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfCellsPerHalfWidth(0.1f))
                    .getMessage().contains("cells per half-width"));
            assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfCellsPerHalfWidth(Float.NaN));
            assertThrows(IllegalArgumentException.class, () -> OffRoadOptions.sdf().withSdfMaxBytes(1000));
            // grids over the cap: a clear error naming the bytes and the remedies, before anything is allocated
            Boxes three = new Boxes(2, rt.allocVec2(6), rt.allocF32(6), rt.allocVec2(6));
            String over = assertThrows(IllegalArgumentException.class, () -> new OffRoadChecker(track, three,
                    OffRoadOptions.sdf().withSdfCellsPerHalfWidth(64f).withSdfMaxBytes(1 << 20))).getMessage();
            assertTrue(over.contains("over sdfMaxBytes 1048576") && over.contains("lower sdfCellsPerHalfWidth"), over);
            assertThrows(IllegalArgumentException.class, () -> new OffRoadChecker(track, three,
                    OffRoadOptions.sdf().withSdfResolution(4096).withSdfMaxBytes(1 << 27)));
            // nothing valid to measure the road on
            rt.upload(new int[] {0, 0, 0}, track.valid());
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new OffRoadChecker(track, three,
                    OffRoadOptions.sdf())).getMessage().contains("no env holds a valid track"));
            new OffRoadChecker(track, three, OffRoadOptions.sdf().withSdfResolution(16)); // a fixed grid needs none
            assertEquals(OffRoadBackend.SDF, OffRoadBackend.parse(" SDF "));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> OffRoadBackend.parse("grid")).getMessage()
                    .contains("segments, sdf"));
        }
    }

    /** Agreement figures of one batch: boxes compared, flag mismatches, worst clearance error, SDF agreement. */
    record Agreement(int boxes, int flagMismatches, double worstClearanceError, int sdfAgree,
                     int sdfDisagreeFarFromBorder) {
    }

    /** Exact and SDF backends against the double reference on one generated batch. */
    static Agreement agreement(TrackSnapshot snap, Track track, ComputeRuntime rt, int perEnv, float hw, long seed,
                               OffRoadOptions sdfOptions) {
        Fixtures.HostBoxes hb = Fixtures.randomBoxes(snap, perEnv, hw, seed);
        Boxes boxes = hb.upload(rt);
        BoxContacts.Snapshot exact = new OffRoadChecker(track, boxes, OffRoadOptions.segments()).query().snapshot(rt);
        OffRoadChecker sdfChecker = new OffRoadChecker(track, boxes, sdfOptions);
        BoxContacts.Snapshot sdf = sdfChecker.query().snapshot(rt);
        float[] bounds = new float[3 * snap.numEnvs()];
        rt.download(sdfChecker.sdfGrid().bounds(), bounds);
        int compared = 0;
        int mismatches = 0;
        double worst = 0;
        int agree = 0;
        int far = 0;
        for (int t = 0; t < hb.heading().length; t++) {
            if (Float.isNaN(hb.heading()[t])) {
                continue;
            }
            int e = t / perEnv;
            ReferenceOffRoad.Answer ref = ReferenceOffRoad.check(snap.inner(), snap.outer(), e * snap.nMax(),
                    snap.count()[e], hb.position()[2 * t], hb.position()[2 * t + 1], hb.heading()[t],
                    hb.halfExtents()[2 * t], hb.halfExtents()[2 * t + 1]);
            compared++;
            if ((exact.offRoad()[t] == 1) != ref.offRoad()) {
                mismatches++;
            }
            worst = Math.max(worst, Math.abs(exact.clearance()[t] - ref.clearance()));
            if (sdf.offRoad()[t] == exact.offRoad()[t]) {
                agree++;
            } else if (Math.abs(ref.clearance()) > bounds[3 * e + 2]) {
                far++;
            }
        }
        return new Agreement(compared, mismatches, worst, agree, far);
    }

    /**
     * Sizes: {@code -Dtrackgen.collision.envs} (per generator, default 6; repulsive 4),
     * {@code -Dtrackgen.collision.boxes} (per env, default 256), {@code -Dtrackgen.collision.res}
     * (SDF grid side, default 0: follow the road) and {@code -Dtrackgen.collision.cells} (cells per
     * half-width when following the road, default {@link OffRoadOptions#DEFAULT_CELLS_PER_HALF_WIDTH}).
     * docs/collision.md runs it with 16 x 960 boxes per generator (about 10^5 in all) for the
     * figures of the note. The SDF floors (99% of every generator's boxes and of all of them, no
     * disagreement farther than a cell from a border) hold only at the defaults.
     */
    @Test
    void bothBackendsAgreeWithTheDoubleReferenceOnEveryGenerator() {
        List<String> report = new ArrayList<>();
        int envsProperty = Integer.getInteger("trackgen.collision.envs", 0);
        int perEnv = Integer.getInteger("trackgen.collision.boxes", 256);
        int res = Integer.getInteger("trackgen.collision.res", OffRoadOptions.FOLLOW_ROAD);
        float cells = Float.parseFloat(System.getProperty("trackgen.collision.cells",
                Float.toString(OffRoadOptions.DEFAULT_CELLS_PER_HALF_WIDTH)));
        OffRoadOptions sdf = OffRoadOptions.sdf().withSdfResolution(res).withSdfCellsPerHalfWidth(cells);
        boolean defaults = sdf.equals(OffRoadOptions.sdf());
        long[] total = new long[4];
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            for (String name : Fixtures.GENERATORS) {
                int envs = envsProperty > 0 ? envsProperty : name.equals("repulsive") ? 4 : 6;
                try (TrackGenerator g = Fixtures.generated(name, envs, 17, rt)) {
                    float hw = (float) g.config().halfWidth();
                    Agreement a = agreement(g.track().snapshot(), g.track(), rt, perEnv, hw, 5, sdf);
                    total[0] += a.boxes();
                    total[1] += a.flagMismatches();
                    total[2] += a.sdfAgree();
                    total[3] += a.sdfDisagreeFarFromBorder();
                    report.add(String.format(java.util.Locale.ROOT, "%s: %s, SDF agrees on %.4f", name, a,
                            a.sdfAgree() / (double) a.boxes()));
                    assertTrue(a.boxes() >= 64, name + " " + a);
                    assertEquals(0, a.flagMismatches(), name + " " + a);
                    assertTrue(a.worstClearanceError() <= 1e-4 * hw, name + " " + a);
                    if (defaults) {
                        assertTrue(a.sdfAgree() >= 0.99 * a.boxes(), name + " " + a);
                        assertEquals(0, a.sdfDisagreeFarFromBorder(), name + " " + a);
                    }
                }
            }
        }
        report.add(String.format(java.util.Locale.ROOT, "all: %d boxes, %d flag mismatches, SDF (%s) agrees on %.4f,"
                + " %d disagreements farther than a cell from the border", total[0], total[1],
                res == 0 ? "follow the road, " + cells + " cells per half-width" : "fixed " + res,
                total[2] / (double) total[0], total[3]));
        System.out.println(String.join("\n", report));
        if (defaults) {
            assertTrue(total[2] >= 0.99 * total[0], report.get(report.size() - 1));
        }
    }

    /** Asserts the floors of one batch: no flag mismatch, clearance to 1e-4 half-widths, SDF at least 99%. */
    private static void assertAgrees(String what, Agreement a, float hw) {
        System.out.println(what + ": " + a + String.format(java.util.Locale.ROOT, ", SDF agrees on %.4f",
                a.sdfAgree() / (double) a.boxes()));
        assertTrue(a.boxes() >= 64, what + " " + a);
        assertEquals(0, a.flagMismatches(), what + " " + a);
        assertTrue(a.worstClearanceError() <= 1e-4 * hw, what + " " + a);
        assertTrue(a.sdfAgree() >= 0.99 * a.boxes(), what + " " + a);
        assertEquals(0, a.sdfDisagreeFarFromBorder(), what + " " + a);
    }

    /** The spread of a snapshot's valid half-widths, {@code {min, max}}. */
    private static float[] widthRange(TrackSnapshot s) {
        float lo = Float.POSITIVE_INFINITY;
        float hi = 0;
        for (int e = 0; e < s.numEnvs(); e++) {
            for (int i = 0; s.valid()[e] == 1 && i < s.count()[e]; i++) {
                int t = e * s.nMax() + i;
                lo = Math.min(lo, Math.min(s.leftHalfWidth()[t], s.rightHalfWidth()[t]));
                hi = Math.max(hi, Math.max(s.leftHalfWidth()[t], s.rightHalfWidth()[t]));
            }
        }
        return new float[] {lo, hi};
    }

    /**
     * Roads whose width varies along the lap (the curvature width profile, 0.7 to 1.3 half-widths):
     * boxes drawn across the local width; the exact backend against the double reference on the
     * borders and the SDF backend at the defaults, as on constant-width roads.
     */
    @Test
    void bothBackendsAgreeOnRoadsOfVaryingWidth() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            for (String name : List.of("bezier", "polar", "voronoi")) {
                try (TrackGenerator g = Fixtures.generated(name, 6, 17, rt, java.util.Map.of("width_profile", "curvature",
                        "half_width_max", "0.13", "half_width_min", "0.07"))) {
                    float hw = (float) g.config().halfWidth();
                    TrackSnapshot snap = g.track().snapshot();
                    float[] range = widthRange(snap);
                    assertTrue(range[1] > 1.3f * range[0], name + ": the widths vary, " + range[0] + " to " + range[1]);
                    assertAgrees(name + " (curvature widths " + range[0] + " to " + range[1] + ")",
                            agreement(snap, g.track(), rt, 256, hw, 5, OffRoadOptions.sdf()), hw);
                }
            }
        }
    }

    /** A real circuit imported with its own left and right widths (Austin: 5.4 to 14 m a side). */
    @Test
    void bothBackendsAgreeOnAnImportedCircuitWithItsWidths() throws java.net.URISyntaxException {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            java.nio.file.Path file = java.nio.file.Path.of(OffRoadCheckerTest.class.getResource("/racelines/circuits/Austin.csv")
                    .toURI());
            dev.trackgen.metrics.circuit.ImportResult r = dev.trackgen.metrics.circuit.CircuitImporter.importCircuit(
                    dev.trackgen.metrics.circuit.CircuitReader.read(file), dev.trackgen.api.config.TrackGenConfig.defaults(),
                    rt);
            assertTrue(r.valid(), r.invalidReason());
            TrackSnapshot snap = r.snapshot();
            float[] range = widthRange(snap);
            assertTrue(range[1] > 2 * range[0], "Austin's widths vary, " + range[0] + " to " + range[1]);
            float hw = (float) r.halfWidth();
            assertAgrees("Austin (own widths " + range[0] + " to " + range[1] + " m)",
                    agreement(snap, Fixtures.upload(rt, snap), rt, 2048, hw, 7, OffRoadOptions.sdf()), hw);
        }
    }

    @Test
    void theDefaultGridFollowsTheRoadAndALargerLaterTrackGetsCoarserCells() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track track = Fixtures.circle(rt, 2, 512, R0, W);
            Boxes b = new Fixtures.HostBoxes(1, new float[] {1f, 0f, 11f, 0f}, new float[] {0f, 0f},
                    new float[] {0.01f, 0.01f, 0.01f, 0.01f}).upload(rt);
            OffRoadChecker c = new OffRoadChecker(track, b, OffRoadOptions.sdf());
            SdfLayout l = c.sdfLayout();
            assertEquals(W, l.halfWidth(), 1e-6);
            double cell = W / OffRoadOptions.DEFAULT_CELLS_PER_HALF_WIDTH;
            assertEquals(cell, l.cellSize(), 1e-7);
            assertEquals(OffRoadOptions.AUTO_PADDING_HALF_WIDTHS * W, l.padding(), 1e-6);
            // the outer circle's extent plus two paddings, in cells, and one cell to spare
            assertEquals((int) Math.ceil((2 * (R0 + W) + 2 * l.padding()) / cell) + 1, l.resolution());
            assertEquals(OffRoadChecker.bytesPerEnv(l.resolution()) * 2, c.sdfBytes());
            float[] bounds = new float[6];
            rt.download(c.sdfGrid().bounds(), bounds);
            assertEquals(cell, bounds[2], 1e-7);
            assertEquals(cell, bounds[5], 1e-7);
            // env 0 regenerates three times larger: it no longer fits, its cells grow to span it
            Track big = Fixtures.circle(rt, 2, 512, 3 * R0, W);
            float[] in = new float[2 * 2 * 512];
            float[] out = new float[2 * 2 * 512];
            rt.download(big.inner(), in);
            rt.download(big.outer(), out);
            float[] in0 = new float[2 * 2 * 512];
            float[] out0 = new float[2 * 2 * 512];
            rt.download(track.inner(), in0);
            rt.download(track.outer(), out0);
            System.arraycopy(in, 0, in0, 0, 2 * 512);
            System.arraycopy(out, 0, out0, 0, 2 * 512);
            rt.upload(in0, track.inner());
            rt.upload(out0, track.outer());
            c.bake();
            rt.download(c.sdfGrid().bounds(), bounds);
            float want = (float) ((2 * (3 * R0 + W) + 2 * l.padding()) / l.resolution());
            assertEquals(want, bounds[2], 2e-6);
            assertEquals(cell, bounds[5], 1e-7);
            BoxContacts.Snapshot s = c.query().snapshot(rt);
            assertArrayEquals(new int[] {1, 0}, s.offRoad()); // (1, 0) is now off env 0's road, (11, 0) on env 1's
        }
    }

    @ParameterizedTest
    @EnumSource(OffRoadBackend.class)
    void queriesAllocateNothingAndReplayEqualsEagerOnAnyThreadCount(OffRoadBackend backend) {
        OffRoadOptions o = OffRoadOptions.sdf().withBackend(backend);
        BoxContacts.Snapshot first = null;
        for (int threads : new int[] {1, 2}) {
            try (CpuRuntime rt = new CpuRuntime(threads, true);
                 TrackGenerator g = Fixtures.generated("polar", 8, 3, rt)) {
                Boxes boxes = Fixtures.randomBoxes(g.track().snapshot(), 16, 0.1f, 9).upload(rt);
                OffRoadChecker checker = new OffRoadChecker(g.track(), boxes, o);
                BoxContacts.Snapshot eager = checker.query().snapshot(rt);
                CapturedGraph graph;
                rt.executionLock().lock();
                try {
                    graph = rt.capture(() -> {
                        checker.bakePlan().enqueue(rt);
                        checker.queryPlan().enqueue(rt);
                    });
                } finally {
                    rt.executionLock().unlock();
                }
                rt.upload(new float[2 * 8 * 16], checker.contacts().nearest()); // replay rewrites it
                graph.replay();
                BoxContacts.Snapshot replayed = checker.contacts().snapshot(rt);
                assertArrayEquals(eager.clearance(), replayed.clearance());
                assertArrayEquals(eager.nearest(), replayed.nearest());
                if (first == null) {
                    first = eager;
                } else {
                    assertArrayEquals(first.offRoad(), eager.offRoad());
                    assertArrayEquals(first.clearance(), eager.clearance());
                    assertArrayEquals(first.normal(), eager.normal());
                    assertArrayEquals(first.border(), eager.border());
                }
                long perQuery = AllocationProbe.perCall(2000, 200, 5, checker::query);
                assertEquals(0, perQuery, backend + " bytes per query");
            }
        }
    }
}
