package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.trackgen.gates.GateAlign;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.gates.ZProfile;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lsy_drone_racing gate file read back the way that project reads it
 * (utiasDSL/lsy_drone_racing: lsy_drone_racing/utils/utils.py {@code load_config}: the TOML parsed
 * into nested tables; lsy_drone_racing/envs/utils.py {@code load_track}: {@code gates}, {@code
 * obstacles}, {@code drones} required, each gate's quaternion from SciPy's
 * {@code from_euler("xyz", rpy)}; {@code gate_passed}: a pass is a crossing of the gate's body x
 * from negative to positive inside its box), here with a real TOML parser and those two functions
 * written out in double: the positions, the rebuilt quaternions (against the gates' own, sign
 * aside) and a pass through each gate's opening along the gates' course line.
 */
class LsyGateTomlTest {
    /** SciPy {@code Rotation.from_euler("xyz", [r, p, y]).as_quat()}: extrinsic x, y, z, i.e. q = qz * qy * qx. */
    static double[] fromEulerXyz(double r, double p, double y) {
        double[] qx = {Math.sin(r / 2), 0, 0, Math.cos(r / 2)};
        double[] qy = {0, Math.sin(p / 2), 0, Math.cos(p / 2)};
        double[] qz = {0, 0, Math.sin(y / 2), Math.cos(y / 2)};
        return mul(qz, mul(qy, qx));
    }

    static double[] mul(double[] a, double[] b) {
        return new double[] {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    /** {@code rot.apply(v, inverse=True)} for quaternion q (x, y, z, w). */
    static double[] inverseApply(double[] q, double[] v) {
        double[] c = {-q[0], -q[1], -q[2], q[3]};
        double[] r = mul(mul(c, new double[] {v[0], v[1], v[2], 0}), q);
        return new double[] {r[0], r[1], r[2]};
    }

    /** Their {@code gate_passed}. */
    static boolean gatePassed(double[] pos, double[] last, double[] gatePos, double[] quat, double size) {
        double[] l = inverseApply(quat, new double[] {last[0] - gatePos[0], last[1] - gatePos[1], last[2] - gatePos[2]});
        double[] p = inverseApply(quat, new double[] {pos[0] - gatePos[0], pos[1] - gatePos[1], pos[2] - gatePos[2]});
        boolean plane = l[0] < 0 && p[0] > 0;
        double alpha = -l[0] / (p[0] - l[0]);
        double y = alpha * p[1] + (1 - alpha) * l[1];
        double z = alpha * p[2] + (1 - alpha) * l[2];
        return plane && Math.abs(y) < size / 2 && Math.abs(z) < size / 2;
    }

    @Test
    void theLevelTrackReadsBackWithTheirLoadersConventionAndEveryGateIsPassableAlongTheLine(@TempDir Path dir)
            throws Exception {
        int envs = 12;
        GateConfig gc = GateConfig.builder().numEnvs(envs).generator("bezier")
                .zProfile(ZProfile.NOISE).zMin(-1).zMax(1).gateAlign(GateAlign.FULL_TANGENT).build();
        GateCourseSnapshot s;
        try (CpuRuntime rt = new CpuRuntime(1, false);
             GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("bezier"))
                     .runtime(rt).build()) {
            s = gen.generate().snapshot();
        }
        double scale = 10;
        TomlMapper toml = new TomlMapper();
        int checked = 0;
        for (int e = 0; e < envs; e++) {
            if (s.valid()[e] == 0) {
                continue;
            }
            Path f = dir.resolve("env" + e + ".toml");
            LsyGateToml.write(s, e, scale, 0.02, f);
            JsonNode track = toml.readTree(f.toFile()).get("env").get("track");
            assertTrue(track.has("gates") && track.has("obstacles") && track.has("drones"), "load_track's asserts");
            assertFalse(track.get("randomize").asBoolean());
            JsonNode gates = track.get("gates");
            int g = s.count()[e];
            assertEquals(g, gates.size(), "one entry per real gate");
            for (int k = 0; k < g; k++) {
                int i = e * s.gMax() + k;
                JsonNode pos = gates.get(k).get("pos");
                JsonNode rpy = gates.get(k).get("rpy");
                for (int c = 0; c < 3; c++) {
                    assertEquals(s.position()[3 * i + c] * scale, pos.get(c).asDouble(), 1e-5, "pos of gate " + k);
                }
                double[] q = fromEulerXyz(rpy.get(0).asDouble(), rpy.get(1).asDouble(), rpy.get(2).asDouble());
                double dot = 0;
                for (int c = 0; c < 4; c++) {
                    dot += q[c] * s.orientation()[4 * i + c];
                }
                assertEquals(1.0, Math.abs(dot), 1e-5, "the same rotation, gate " + k + " of env " + e);
                assertEquals(0.0, rpy.get(0).asDouble(), 1e-4, "roll-free gates");
                // fly the course line through the gate in their frame: the crossing is a pass,
                // the same flight 1.5 opening sizes higher is not
                double[] gp = {pos.get(0).asDouble(), pos.get(1).asDouble(), pos.get(2).asDouble()};
                int l = e * s.lineMax() + k * (s.lineMax() / s.gMax());
                int n = s.lineCount()[e];
                int before = e * s.lineMax() + Math.floorMod(k * (s.lineMax() / s.gMax()) - 1, n);
                int after = e * s.lineMax() + (k * (s.lineMax() / s.gMax()) + 1) % n;
                double[] a = new double[3];
                double[] b = new double[3];
                double[] hi = new double[3];
                double[] hiB = new double[3];
                for (int c = 0; c < 3; c++) {
                    a[c] = 0.5 * (s.linePoints()[3 * before + c] + s.linePoints()[3 * l + c]) * scale;
                    b[c] = 0.5 * (s.linePoints()[3 * l + c] + s.linePoints()[3 * after + c]) * scale;
                    hi[c] = a[c] + (c == 2 ? 1.5 * 2 * s.halfSize()[i] * scale : 0);
                    hiB[c] = b[c] + (c == 2 ? 1.5 * 2 * s.halfSize()[i] * scale : 0);
                }
                double size = 2 * s.halfSize()[i] * scale;
                assertTrue(gatePassed(b, a, gp, q, size), "their gate_passed counts the line's crossing of gate " + k);
                assertFalse(gatePassed(a, b, gp, q, size), "backwards is no pass");
                assertFalse(gatePassed(hiB, hi, gp, q, size), "over the gate is no pass");
                checked++;
            }
            JsonNode drone = track.get("drones").get(0);
            assertEquals(3, drone.get("pos").size());
            assertEquals(0.0, drone.get("vel").get(0).asDouble());
        }
        assertTrue(checked >= 10, "gates checked: " + checked);
        assertThrows(IllegalArgumentException.class, () -> LsyGateToml.write(s, envs, 1, 0, dir.resolve("x.toml")));
        assertThrows(IllegalArgumentException.class, () -> LsyGateToml.write(s, 0, 0, 0, dir.resolve("x.toml")));
    }

    @Test
    void negativeZeroIsWrittenAsZero(@TempDir Path dir) throws Exception {
        assertEquals("0.000000", LsyGateToml.fixed(-0.0));
        assertEquals("0.000000", LsyGateToml.fixed(-4e-7));
        assertEquals("-0.000001", LsyGateToml.fixed(-6e-7));
        assertEquals("1.250000", LsyGateToml.fixed(1.25));
        // a flat course: pitch = asin(-0.0) and z = 0 would print -0.000000 without the normalisation
        GateConfig gc = GateConfig.builder().numEnvs(3).generator("polar").build();
        GateCourseSnapshot s;
        try (CpuRuntime rt = new CpuRuntime(1, false);
             GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("polar"))
                     .runtime(rt).build()) {
            s = gen.generate().snapshot();
        }
        Path f = dir.resolve("flat.toml");
        LsyGateToml.write(s, 0, 1, 0.05, f);
        String text = java.nio.file.Files.readString(f);
        assertTrue(text.contains("[[env.track.gates]]"), text);
        assertFalse(text.contains("-0.000000"), text);
    }
}
