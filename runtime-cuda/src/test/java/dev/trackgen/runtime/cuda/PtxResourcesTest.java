package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.Kernel;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PTX the build packaged (when nvcc was on the PATH, as in CI): every kernel's module is on
 * the class path and defines its entry point, for the oldest virtual architecture, and nvcc kept
 * Java's float arithmetic: no fused multiply-add on floats, no approximate division or square
 * root, no flush-to-zero (the one approximate instruction libdevice's double pow uses as a
 * Newton seed aside).
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
            for (String banned : bannedInstructions(text)) {
                problems.add(k.cudaModule() + ": contains " + banned + " (build with -fmad=false, IEEE div/sqrt, no ftz)");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertEquals(13, PtxResources.requiredCudaMajor(PtxResources.apiModule()), "nvcc 13 PTX needs a CUDA 13 driver");
        assertFalse(PtxResources.read(ToolkitTestKernels.Rng.INSTANCE) == null);
    }

    /** PTX instructions: an opcode with its modifiers, such as {@code div.rn.f32} or {@code rcp.approx.ftz.f64}. */
    private static final Pattern INSTRUCTION = Pattern.compile("\\b[a-z][a-z0-9]*(?:\\.[a-z0-9]+)+\\b");

    /**
     * The only approximate instruction allowed: libdevice's double-precision routines (pow) seed a
     * reciprocal with it and refine it by Newton steps in IEEE double arithmetic, so the result
     * keeps their documented accuracy; no float operation of a body is ever approximate.
     */
    private static final Set<String> ALLOWED = Set.of("rcp.approx.ftz.f64");

    /**
     * @param ptx a module's text
     * @return instructions that break Java's float arithmetic: float FMA contraction, approximate or
     *         flush-to-zero instructions, the fast "full" float division
     */
    static Set<String> bannedInstructions(String ptx) {
        Set<String> banned = new TreeSet<>();
        Matcher m = INSTRUCTION.matcher(ptx);
        while (m.find()) {
            String op = m.group();
            boolean bad = op.startsWith("fma.") && op.endsWith(".f32") || op.startsWith("div.full.")
                    || op.contains(".approx") || op.contains(".ftz");
            if (bad && !ALLOWED.contains(op)) {
                banned.add(op);
            }
        }
        return banned;
    }

    @Test
    void theInstructionScanFindsWhatItBans() {
        assertEquals(Set.of("fma.rn.f32", "div.approx.f32", "div.full.f32", "sqrt.approx.ftz.f32", "add.ftz.f32"),
                bannedInstructions("fma.rn.f32 %f1; div.approx.f32 x; div.full.f32 y; sqrt.approx.ftz.f32 z;\n"
                        + "add.ftz.f32 w; div.rn.f32 ok; fma.rn.f64 ok; sqrt.rn.f32 ok; rcp.approx.ftz.f64 seed;"));
    }
}
