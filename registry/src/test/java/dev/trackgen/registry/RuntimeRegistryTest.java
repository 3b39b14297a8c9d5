package dev.trackgen.registry;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeRegistryTest {

    record Fake(String name, int priority, String unavailableReason) implements RuntimeProvider {
        @Override
        public ComputeRuntime create(RuntimeOptions options) {
            throw new RuntimeUnavailableException("fake " + name);
        }
    }

    @Test
    void serviceLoaderFindsTheCpuRuntime() {
        RuntimeRegistry r = RuntimeRegistry.discover();
        assertTrue(r.available().contains("cpu"));
        try (ComputeRuntime rt = r.create("auto", RuntimeOptions.defaults().withThreads(1))) {
            assertEquals("cpu", rt.name());
        }
    }

    @Test
    void autoPicksTheBestAvailableProvider() {
        RuntimeRegistry r = new RuntimeRegistry();
        r.register(new Fake("cpu", 0, null));
        r.register(new Fake("cuda", 100, "no CUDA driver (libcuda.so.1 not found)"));
        assertEquals("cpu", r.provider("auto").name());
        r.unregister(r.provider("cuda"));
        r.register(new Fake("cuda", 100, null));
        assertEquals("cuda", r.provider("auto").name());
    }

    @Test
    void unavailableAndUnknownRuntimesFailWithOneLineReasons() {
        RuntimeRegistry r = new RuntimeRegistry();
        r.register(new Fake("cpu", 0, null));
        r.register(new Fake("cuda", 100, "no CUDA driver (libcuda.so.1 not found)"));
        RuntimeUnavailableException e = assertThrows(RuntimeUnavailableException.class,
                () -> r.create("cuda", RuntimeOptions.defaults()));
        assertEquals("runtime 'cuda' is unavailable: no CUDA driver (libcuda.so.1 not found)", e.getMessage());
        UnknownNameException u = assertThrows(UnknownNameException.class, () -> r.provider("opencl"));
        assertEquals("unknown runtime 'opencl'; available: auto, cpu, cuda", u.getMessage());
        assertThrows(RuntimeUnavailableException.class, () -> new RuntimeRegistry().provider("auto"));
    }
}
