package dev.trackgen.generators.bezier;

import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.generators.GeneratorKernels;
import dev.trackgen.generators.corners.CornerSampleKernel;
import dev.trackgen.generators.corners.CornerSortKernel;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CornerKernelsTest {

    @Test
    void cornerCountsCoverTheRangeAndCornersLieInTheJitteredGrid() {
        int e = 2000;
        int p = 13;
        HostI32Array seeds = new HostI32Array(e);
        HostF32Array scale = new HostF32Array(e);
        for (int i = 0; i < e; i++) {
            seeds.data()[i] = i;
            scale.data()[i] = 1f;
        }
        HostI32Array count = new HostI32Array(e);
        HostVec2Array corners = new HostVec2Array(e * p);
        HostI32Array used = new HostI32Array(e * p);
        CornerSampleKernel.INSTANCE.run(CornerSampleKernel.INSTANCE.args().seeds(seeds)
                .countStream(GeneratorKernels.STREAM_CORNER_COUNT).cornerStream(GeneratorKernels.STREAM_CORNERS)
                .minNum(9).maxNum(13).numCells(10).cellSize(0.1f).P(p).scale(scale).used(used).count(count)
                .corners(corners), 0, e);
        Set<Integer> seen = new HashSet<>();
        int distinct = 0;
        for (int env = 0; env < e; env++) {
            int c = count.data()[env];
            assertTrue(c >= 9 && c <= 13);
            seen.add(c);
            Set<Integer> cells = new HashSet<>();
            for (int k = 0; k < p; k++) {
                float x = corners.data()[2 * (env * p + k)];
                float y = corners.data()[2 * (env * p + k) + 1];
                assertTrue(x >= -0.5f && x < 1.4f && y >= -0.5f && y < 1.4f, x + "," + y);
                cells.add(used.data()[env * p + k]);
            }
            distinct += cells.size() == p ? 1 : 0;
        }
        assertEquals(5, seen.size());
        assertTrue(distinct > e * 0.99, "duplicate-cell rejection should leave distinct cells: " + distinct);
    }

    @Test
    void sortOrdersKeptCornersByAngleAboutTheirCentroidAndPadsWithNaN() {
        int p = 6;
        // four kept corners of a square given out of order, two junk corners that must not move the centroid
        HostVec2Array corners = new HostVec2Array(p);
        float[] in = {1, 1, -1, -1, 1, -1, -1, 1, 50, 50, 60, 60};
        System.arraycopy(in, 0, corners.data(), 0, in.length);
        HostVec2Array out = new HostVec2Array(p);
        HostI32Array count = new HostI32Array(1);
        count.data()[0] = 4;
        CornerSortKernel.INSTANCE.run(CornerSortKernel.INSTANCE.args().corners(corners).P(p).count(count)
                .keys(new HostF32Array(p)).out(out), 0, 1);
        float[] o = out.data();
        // atan2(x, y) ascending: (-1,-1) -> (-1,1) -> (1,1) -> (1,-1)
        float[] expect = {-1, -1, -1, 1, 1, 1, 1, -1};
        for (int k = 0; k < 8; k++) {
            assertEquals(expect[k], o[k]);
        }
        assertTrue(Float.isNaN(o[8]) && Float.isNaN(o[11]));
    }

    /** The finest grid min_point_distance allows: its cell count fits the kernel's 32-bit index. */
    @Test
    void theFinestGridTheKnobAllowsKeepsEveryCellIndexInRange() {
        double mpd = BezierKnobs.MIN_POINT_DISTANCE_FLOOR;
        int numCells = (int) (1.0 / (mpd * 2.0));
        assertTrue((long) numCells * numCells <= Integer.MAX_VALUE, "grid of " + numCells + "^2 cells");
        assertEquals(mpd, BezierKnobs.MIN_POINT_DISTANCE.validate(mpd));
        assertThrows(InvalidConfigException.class, () -> BezierKnobs.MIN_POINT_DISTANCE.validate(Math.nextDown(mpd)));
        int e = 500;
        int p = 13;
        HostI32Array seeds = new HostI32Array(e);
        HostF32Array scale = new HostF32Array(e);
        for (int i = 0; i < e; i++) {
            seeds.data()[i] = 7919 * i;
            scale.data()[i] = 1f;
        }
        HostI32Array used = new HostI32Array(e * p);
        CornerSampleKernel.INSTANCE.run(CornerSampleKernel.INSTANCE.args().seeds(seeds)
                .countStream(GeneratorKernels.STREAM_CORNER_COUNT).cornerStream(GeneratorKernels.STREAM_CORNERS)
                .minNum(9).maxNum(13).numCells(numCells).cellSize((float) (2 * mpd)).P(p).scale(scale).used(used)
                .count(new HostI32Array(e)).corners(new HostVec2Array(e * p)), 0, e);
        long nc2 = (long) numCells * numCells;
        int highColumns = 0;
        int highRows = 0;
        for (int cell : used.data()) {
            assertTrue(cell >= 0 && cell < nc2, "cell " + cell + " outside [0, " + nc2 + ")");
            highColumns += cell % numCells >= numCells / 2 ? 1 : 0;
            highRows += cell / numCells >= numCells / 2 ? 1 : 0;
        }
        // Uniform cells: about half of the 6500 corners in each upper half of the grid.
        assertTrue(highColumns > e * p / 3 && highRows > e * p / 3, highColumns + " / " + highRows);
    }
}
