package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code cuda} provider on whatever machine runs the tests: on one without a usable GPU (CI)
 * it explains why in one line, {@code --runtime cuda} fails with that line and {@code auto}
 * quietly picks the CPU; on a GPU machine {@code auto} picks CUDA. Loading JCuda never crashes.
 */
class CudaProviderTest {

    @Test
    void theProviderIsAServiceNamedCudaWithPriority100() {
        RuntimeRegistry registry = RuntimeRegistry.discover();
        assertTrue(registry.available().contains("cuda"), registry.available().toString());
        RuntimeProvider p = registry.provider("cuda");
        assertEquals(CudaRuntimeProvider.class, p.getClass());
        assertEquals(100, p.priority());
    }

    @Test
    void anUnusableMachineGetsOneLineAndAutoPicksTheCpu() {
        RuntimeRegistry registry = RuntimeRegistry.discover();
        String reason = new CudaRuntimeProvider().unavailableReason();
        if (reason == null) {
            assertEquals("cuda", registry.provider("auto").name(), "a usable GPU is preferred by auto");
            return;
        }
        assertFalse(reason.isBlank());
        assertFalse(reason.contains("\n"), "one line: " + reason);
        assertEquals(reason, new CudaRuntimeProvider().unavailableReason(), "probed once, same answer");
        assertEquals("cpu", registry.provider("auto").name());
        RuntimeUnavailableException e = assertThrows(RuntimeUnavailableException.class,
                () -> registry.create("cuda", RuntimeOptions.defaults()));
        assertEquals("runtime 'cuda' is unavailable: " + reason, e.getMessage());
        assertThrows(RuntimeUnavailableException.class, () -> new CudaRuntimeProvider().create(RuntimeOptions.defaults()));
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(2).runtime("cuda").build();
        RuntimeUnavailableException f = assertThrows(RuntimeUnavailableException.class,
                () -> TrackGenLauncher.open(c, PerEnvSeededRng.fromScalar(2, 0)));
        assertTrue(f.getMessage().endsWith(reason), f.getMessage());
        // auto runs on the CPU
        TrackGenConfig auto = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(2).runtime("auto").build();
        try (TrackGenerator gen = TrackGenLauncher.open(auto, PerEnvSeededRng.fromScalar(2, 0))) {
            assertEquals("cpu", gen.runtime().name());
        }
    }

    @Test
    void reasonsAreSpecific() {
        assertEquals("no NVIDIA driver: libcuda.so.1 could not be loaded", JCudaNatives.reasonFor(
                new UnsatisfiedLinkError("/tmp/libJCudaDriver-12.0.0-linux-x86_64.so: libcuda.so.1: cannot open "
                        + "shared object file: No such file or directory")));
        byte[] ptx = PtxResources.apiModule();
        if (ptx == null) {
            ptx = ".version 9.0\n.target sm_75\n".getBytes(StandardCharsets.US_ASCII);
        }
        String old = CudaProbe.tooOldDriver(12040, ptx);
        assertTrue(old.contains("CUDA_ERROR_UNSUPPORTED_PTX_VERSION"), old);
        assertTrue(old.contains("(12.4)"), old);
        assertTrue(old.contains("a CUDA 13 driver or newer is required"), old);
        assertFalse(old.contains("\n"));
        assertTrue(CudaProbe.withoutKernels().startsWith("built without kernels"));
        assertEquals(12, PtxResources.requiredCudaMajor(".version 8.0\n".getBytes(StandardCharsets.US_ASCII)));
        assertNotNull(PtxResources.isaVersion(ptx));
    }
}
