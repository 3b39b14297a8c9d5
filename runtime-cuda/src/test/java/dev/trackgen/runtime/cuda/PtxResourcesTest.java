package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.Kernel;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PTX the build packaged (when nvcc was on the PATH, as in CI): every kernel's module is on
 * the class path and defines its entry point, for the oldest virtual architecture, and nvcc kept
 * Java's float arithmetic: no fused multiply-add on floats, no approximate division or square
 * root, no flush-to-zero.
 */
class PtxResourcesTest {

    @Test
    void everyKernelHasItsEntryPointInPtxThatKeepsJavaArithmetic() {
        Assumptions.assumeTrue(PtxResources.apiModule() != null,
                "no PTX packaged: this build ran without nvcc (the CUDA runtime then refuses with 'built without kernels')");
        List<String> problems = new ArrayList<>();
        for (Kernel k : Twins.allKernels()) {
            byte[] ptx = PtxResources.read(k);
            if (ptx == null) {
                problems.add(k.name() + ": no resource " + k.cudaModule());
                continue;
            }
            String text = new String(ptx, StandardCharsets.US_ASCII);
            if (!text.contains(".entry " + k.name() + "(")) {
                problems.add(k.name() + ": not in " + k.cudaModule());
            }
            if (!text.contains(".target sm_75")) {
                problems.add(k.cudaModule() + ": not built for compute_75");
            }
            for (String banned : new String[] {"fma.rn.f32", ".approx.", ".ftz."}) {
                if (text.contains(banned)) {
                    problems.add(k.cudaModule() + ": contains " + banned + " (build with -fmad=false, IEEE div/sqrt, no ftz)");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertEquals(13, PtxResources.requiredCudaMajor(PtxResources.apiModule()), "nvcc 13 PTX needs a CUDA 13 driver");
        assertFalse(PtxResources.read(ToolkitTestKernels.Rng.INSTANCE) == null);
    }
}
