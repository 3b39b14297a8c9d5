package dev.trackgen.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link Track#fromSnapshot} and {@link Track#uploadFrom} are the inverse of {@link Track#snapshot()}. */
class TrackSnapshotRoundTripTest {

    private final CpuRuntime rt = new CpuRuntime(1, false);

    @AfterEach
    void close() {
        rt.close();
    }

    private static TrackSnapshot filled(int envs, int nMax, long seed) {
        TrackSnapshot s = new TrackSnapshot(envs, nMax);
        Random r = new Random(seed);
        for (float[] a : new float[][] {s.center(), s.outer(), s.inner(), s.tangent(), s.normal(), s.arclen(),
                s.leftHalfWidth(), s.rightHalfWidth(), s.centerZ(), s.outerZ(), s.innerZ(), s.bank(),
                s.arclen3d(), s.tangent3d(), s.length3d(), s.length(), s.winding()}) {
            for (int i = 0; i < a.length; i++) {
                a[i] = r.nextFloat() * 10 - 5;
            }
        }
        for (int e = 0; e < envs; e++) {
            s.valid()[e] = r.nextInt(2);
            s.count()[e] = r.nextInt(nMax + 1);
        }
        return s;
    }

    private static void assertSame(TrackSnapshot a, TrackSnapshot b) {
        assertArrayEquals(a.center(), b.center());
        assertArrayEquals(a.outer(), b.outer());
        assertArrayEquals(a.inner(), b.inner());
        assertArrayEquals(a.tangent(), b.tangent());
        assertArrayEquals(a.normal(), b.normal());
        assertArrayEquals(a.arclen(), b.arclen());
        assertArrayEquals(a.leftHalfWidth(), b.leftHalfWidth());
        assertArrayEquals(a.rightHalfWidth(), b.rightHalfWidth());
        assertArrayEquals(a.centerZ(), b.centerZ());
        assertArrayEquals(a.outerZ(), b.outerZ());
        assertArrayEquals(a.innerZ(), b.innerZ());
        assertArrayEquals(a.bank(), b.bank());
        assertArrayEquals(a.arclen3d(), b.arclen3d());
        assertArrayEquals(a.tangent3d(), b.tangent3d());
        assertArrayEquals(a.length3d(), b.length3d());
        assertArrayEquals(a.length(), b.length());
        assertArrayEquals(a.winding(), b.winding());
        assertArrayEquals(a.valid(), b.valid());
        assertArrayEquals(a.count(), b.count());
    }

    @Test
    void everyArraySurvivesTheRoundTrip() {
        TrackSnapshot src = filled(3, 7, 1);
        Track t = Track.fromSnapshot(rt, src);
        assertSame(src, t.snapshot());
        TrackSnapshot other = filled(3, 7, 2);
        t.uploadFrom(other);
        assertSame(other, t.snapshot());
    }

    @Test
    void aSnapshotOfAnotherShapeIsRefused() {
        Track t = Track.fromSnapshot(rt, filled(3, 7, 1));
        assertThrows(IllegalArgumentException.class, () -> t.uploadFrom(new TrackSnapshot(3, 8)));
        assertThrows(IllegalArgumentException.class, () -> t.uploadFrom(new TrackSnapshot(2, 7)));
    }
}
