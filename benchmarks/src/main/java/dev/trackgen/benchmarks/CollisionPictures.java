package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.DiscChecker;
import dev.trackgen.course.collision.DiscContacts;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.collision.SdfGrid;
import dev.trackgen.course.props.PropSampler;
import dev.trackgen.course.props.PropSet;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * Draws the collision and props pictures of docs/collision.md from one bezier track: boxes
 * colored by the off-road flag with their clearance, nearest border point and inward normal
 * ({@code collision-boxes.png}); the baked SDF as a field with its zero contour
 * ({@code collision-sdf.png}); cones and wall pieces along both borders, and boxes against the
 * cones as discs ({@code collision-props.png}).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CollisionPictures
 * [folder=docs/images] [seed=3]}
 */
public final class CollisionPictures {
    private static final int SIZE = 900;
    private static final Color ROAD = new Color(0xd9dde2);
    private static final Color BORDER = new Color(0x39424e);

    private CollisionPictures() {
    }

    /**
     * @param args optional {@code folder seed}
     * @throws IOException if a picture cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "docs/images");
        int seed = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Files.createDirectories(dir);
        int envs = 1;
        int boxes = 70;
        try (CpuRuntime rt = new CpuRuntime(0, false);
             TrackGenerator g = TrackGenLauncher.discover().builder(TrackGenConfig.builder().generator("bezier").numEnvs(envs).build())
                     .rng(PerEnvSeededRng.fromScalar(envs, seed)).runtime(rt).build()) {
            Track track = g.generate();
            TrackSnapshot s = track.snapshot();
            float hw = (float) g.config().halfWidth();
            Random r = new Random(seed);
            int m = s.count()[0];
            float[] pos = new float[2 * boxes];
            float[] head = new float[boxes];
            float[] he = new float[2 * boxes];
            for (int b = 0; b < boxes; b++) {
                int k = 2 * (m * b / boxes + r.nextInt(3));
                double u = (r.nextDouble() * 2.6 - 1.3) * hw;
                pos[2 * b] = (float) (s.center()[k] + u * s.normal()[k]);
                pos[2 * b + 1] = (float) (s.center()[k + 1] + u * s.normal()[k + 1]);
                head[b] = (float) (Math.atan2(s.tangent()[k + 1], s.tangent()[k]) + r.nextGaussian() * 0.5);
                he[2 * b] = 0.3f * hw;
                he[2 * b + 1] = 0.15f * hw;
            }
            Boxes in = new Boxes(boxes, rt.allocVec2(boxes), rt.allocF32(boxes), rt.allocVec2(boxes));
            rt.upload(pos, in.position());
            rt.upload(head, in.heading());
            rt.upload(he, in.halfExtents());
            BoxContacts.Snapshot c = new OffRoadChecker(track, in, OffRoadOptions.segments()).query().snapshot(rt);
            View v = new View(s);

            BufferedImage img = v.canvas();
            Graphics2D gr = v.graphics(img);
            v.road(gr, s);
            for (int b = 0; b < boxes; b++) {
                boolean off = c.offRoad()[b] == 1;
                v.box(gr, pos[2 * b], pos[2 * b + 1], head[b], he[2 * b], he[2 * b + 1],
                        off ? new Color(0xd62728) : new Color(0x2ca02c));
                double nx = c.nearest()[2 * b];
                double ny = c.nearest()[2 * b + 1];
                gr.setColor(new Color(0x555555));
                gr.setStroke(new BasicStroke(1f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {2f, 3f}, 0f));
                gr.draw(new Line2D.Double(v.x(pos[2 * b]), v.y(pos[2 * b + 1]), v.x(nx), v.y(ny)));
                gr.setStroke(new BasicStroke(1.6f));
                gr.setColor(new Color(0x1f4e9c));
                double len = 0.6 * hw;
                v.arrow(gr, nx, ny, nx + len * c.normal()[2 * b], ny + len * c.normal()[2 * b + 1]);
                if (b % 3 == 0) {
                    gr.setColor(Color.BLACK);
                    gr.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                    gr.drawString(String.format(Locale.ROOT, "%+.3f", c.clearance()[b]), (float) v.x(pos[2 * b]) + 6,
                            (float) v.y(pos[2 * b + 1]) - 6);
                }
            }
            v.caption(gr, "off-road check (segments): green on the road, red off; label = signed clearance; "
                    + "dotted = nearest border point; arrow = inward normal");
            ImageIO.write(img, "png", dir.resolve("collision-boxes.png").toFile());

            // the SDF field
            OffRoadChecker sdf = new OffRoadChecker(track, in, OffRoadOptions.sdf());
            SdfGrid grid = sdf.sdfGrid();
            int res = grid.resolution();
            float[] bounds = new float[3];
            float[] phi = new float[res * res];
            rt.download(grid.bounds(), bounds);
            rt.download(grid.phi(), phi);
            img = v.canvas();
            gr = v.graphics(img);
            float cell = bounds[2];
            for (int gy = 0; gy < res; gy++) {
                for (int gx = 0; gx < res; gx++) {
                    float p = phi[gy * res + gx];
                    gr.setColor(field(p / (4 * hw)));
                    double x0 = bounds[0] + gx * cell;
                    double y0 = bounds[1] + gy * cell;
                    double px0 = v.x(x0);
                    double py1 = v.y(y0 + cell);
                    gr.fill(new java.awt.geom.Rectangle2D.Double(px0, py1, v.x(x0 + cell) - px0 + 0.5,
                            v.y(y0) - py1 + 0.5));
                }
            }
            gr.setStroke(new BasicStroke(1.2f));
            v.borders(gr, s, new Color(0, 0, 0, 160));
            v.caption(gr, String.format(Locale.ROOT, "baked SDF, %d x %d cells (%.4f units each): blue on the road, "
                    + "red off it, saturating at 4 half-widths; black = the borders", res, res, cell));
            ImageIO.write(img, "png", dir.resolve("collision-sdf.png").toFile());

            // props, and boxes against the cones as discs
            PropSampler sampler = new PropSampler(track, 0.12f, 128);
            PropSet props = sampler.sample();
            int slots = 2 * props.maxProps();
            float[] cones = new float[2 * slots];
            float[] wallC = new float[2 * slots];
            float[] wallYaw = new float[slots];
            float[] wallLen = new float[slots];
            rt.download(props.conePosition(), cones);
            rt.download(props.wallCenter(), wallC);
            rt.download(props.wallYaw(), wallYaw);
            rt.download(props.wallLength(), wallLen);
            float radius = 0.15f * hw;
            DiscContacts.Snapshot d = new DiscChecker(rt, in, props.coneDiscs(radius)).query().snapshot(rt);
            img = v.canvas();
            gr = v.graphics(img);
            v.road(gr, s);
            for (int k = 0; k < slots; k++) {
                if (Float.isNaN(cones[2 * k])) {
                    continue;
                }
                boolean outerRing = k >= props.maxProps();
                if (outerRing) { // wall pieces along the outer border
                    double cx = wallC[2 * k];
                    double cy = wallC[2 * k + 1];
                    double ex = 0.5 * wallLen[k] * Math.cos(wallYaw[k]);
                    double ey = 0.5 * wallLen[k] * Math.sin(wallYaw[k]);
                    gr.setStroke(new BasicStroke(4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
                    gr.setColor(k % 2 == 0 ? new Color(0x8c564b) : new Color(0xc49c94));
                    gr.draw(new Line2D.Double(v.x(cx - ex), v.y(cy - ey), v.x(cx + ex), v.y(cy + ey)));
                }
                double rr = v.scale() * radius;
                gr.setColor(k % props.maxProps() == 0 ? new Color(0xff7f0e) : new Color(0xffbb33));
                gr.fill(new Ellipse2D.Double(v.x(cones[2 * k]) - rr, v.y(cones[2 * k + 1]) - rr, 2 * rr, 2 * rr));
            }
            for (int b = 0; b < boxes; b++) {
                boolean hit = d.hit()[b] == 1;
                v.box(gr, pos[2 * b], pos[2 * b + 1], head[b], he[2 * b], he[2 * b + 1],
                        hit ? new Color(0xd62728) : new Color(0x7f7f7f));
            }
            v.caption(gr, "props, spacing 0.12 snapped per ring: cones on both borders (dark: cone 0), wall pieces "
                    + "on the outer one; red boxes hit a cone (as a disc)");
            ImageIO.write(img, "png", dir.resolve("collision-props.png").toFile());
        }
        System.out.println("wrote collision-boxes.png, collision-sdf.png, collision-props.png to " + dir);
    }

    /** Diverging colors: blue for positive, red for negative, white at 0. */
    private static Color field(float v) {
        float t = Math.max(-1f, Math.min(1f, Float.isNaN(v) ? 0f : v));
        if (t >= 0) {
            return new Color(1f - 0.75f * t, 1f - 0.55f * t, 1f);
        }
        return new Color(1f, 1f + 0.7f * t, 1f + 0.75f * t);
    }

    /** World-to-pixel mapping of one track, and the drawing helpers. */
    private static final class View {
        private final double minX;
        private final double minY;
        private final double scale;

        View(TrackSnapshot s) {
            double lx = Double.MAX_VALUE;
            double ly = Double.MAX_VALUE;
            double hx = -Double.MAX_VALUE;
            double hy = -Double.MAX_VALUE;
            for (int i = 0; i < s.count()[0]; i++) {
                lx = Math.min(lx, s.outer()[2 * i]);
                hx = Math.max(hx, s.outer()[2 * i]);
                ly = Math.min(ly, s.outer()[2 * i + 1]);
                hy = Math.max(hy, s.outer()[2 * i + 1]);
            }
            double ext = Math.max(hx - lx, hy - ly) * 1.12;
            minX = 0.5 * (lx + hx) - 0.5 * ext;
            minY = 0.5 * (ly + hy) - 0.5 * ext;
            scale = SIZE / ext;
        }

        double scale() {
            return scale;
        }

        double x(double wx) {
            return (wx - minX) * scale;
        }

        double y(double wy) {
            return SIZE - (wy - minY) * scale;
        }

        BufferedImage canvas() {
            return new BufferedImage(SIZE, SIZE + 28, BufferedImage.TYPE_INT_RGB);
        }

        Graphics2D graphics(BufferedImage img) {
            Graphics2D g = img.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            return g;
        }

        Path2D ring(float[] p, int n) {
            Path2D path = new Path2D.Double();
            for (int i = 0; i < n; i++) {
                if (i == 0) {
                    path.moveTo(x(p[0]), y(p[1]));
                } else {
                    path.lineTo(x(p[2 * i]), y(p[2 * i + 1]));
                }
            }
            path.closePath();
            return path;
        }

        void road(Graphics2D g, TrackSnapshot s) {
            int n = s.count()[0];
            Path2D band = new Path2D.Double(Path2D.WIND_EVEN_ODD);
            band.append(ring(s.outer(), n), false);
            band.append(ring(s.inner(), n), false);
            g.setColor(ROAD);
            g.fill(band);
            g.setStroke(new BasicStroke(1.5f));
            borders(g, s, BORDER);
        }

        void borders(Graphics2D g, TrackSnapshot s, Color c) {
            int n = s.count()[0];
            g.setColor(c);
            g.draw(ring(s.outer(), n));
            g.draw(ring(s.inner(), n));
        }

        void box(Graphics2D g, double px, double py, double h, double hx, double hy, Color c) {
            Path2D b = new Path2D.Double();
            double[][] corners = {{hx, hy}, {-hx, hy}, {-hx, -hy}, {hx, -hy}};
            for (int k = 0; k < 4; k++) {
                double wx = px + corners[k][0] * Math.cos(h) - corners[k][1] * Math.sin(h);
                double wy = py + corners[k][0] * Math.sin(h) + corners[k][1] * Math.cos(h);
                if (k == 0) {
                    b.moveTo(x(wx), y(wy));
                } else {
                    b.lineTo(x(wx), y(wy));
                }
            }
            b.closePath();
            g.setColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 150));
            g.fill(b);
            g.setColor(c.darker());
            g.setStroke(new BasicStroke(1f));
            g.draw(b);
        }

        void arrow(Graphics2D g, double x0, double y0, double x1, double y1) {
            double ax = x(x0);
            double ay = y(y0);
            double bx = x(x1);
            double by = y(y1);
            g.draw(new Line2D.Double(ax, ay, bx, by));
            double a = Math.atan2(by - ay, bx - ax);
            AffineTransform keep = g.getTransform();
            g.translate(bx, by);
            g.rotate(a);
            g.draw(new Line2D.Double(0, 0, -6, 3));
            g.draw(new Line2D.Double(0, 0, -6, -3));
            g.setTransform(keep);
        }

        void caption(Graphics2D g, String text) {
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString(text, 8, SIZE + 18);
        }
    }
}
