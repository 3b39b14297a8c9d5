package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Provides;
import com.google.inject.util.Modules;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The object graph of a run: {@link PlatformModule} (Guice) for what configuration chooses, {@link Platform} for the rest. */
class WiringTest {
    private static Platform platform(String runtime, int threads, UnaryOperator<Module> customize, String... sets) {
        List<KnobAssignment> a = new ArrayList<>();
        for (String s : sets) {
            a.add(KnobAssignment.parse(s));
        }
        return new Platform(Settings.of(Map.of(), Map.of()), PluginFolderChoice.NONE, problem -> { }, null,
                new CommandLineOverrides(null, 5, runtime, a), threads, customize);
    }

    @Test
    void theGraphResolvesEveryConcernFromTheCommandLine() {
        try (Platform platform = platform("cpu", 1, UnaryOperator.identity(), "half_width=0.13")) {
            ResolvedConfig resolved = platform.resolve();
            TrackGenConfig config = resolved.config();
            assertEquals(5, config.numEnvs());
            assertEquals(0.13, config.halfWidth());
            assertEquals("cpu", config.runtime());
            assertEquals("bezier", config.generator(), "auto: the default generator");
            assertSame(platform.generators().get("bezier"), resolved.centerlineGenerator(), "looked up once, here");
            assertEquals(new RuntimeChoice("cpu", "--runtime"), platform.runtimeChoice());
            assertSame(platform.generators(), platform.generators(), "singleton");
            assertSame(platform.generators(), platform.launcher().generators());
            assertEquals("cpu (1 thread", platform.runtime().describe().substring(0, 13));
        }
    }

    @Test
    void theRuntimeIsCreatedOnceAndClosedWithTheResources() {
        AtomicInteger created = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        RuntimeProvider fake = new RuntimeProvider() {
            public String name() {
                return "fake";
            }

            public int priority() {
                return 1000;
            }

            public String unavailableReason() {
                return null;
            }

            public ComputeRuntime create(RuntimeOptions options) {
                created.incrementAndGet();
                return (ComputeRuntime) Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {ComputeRuntime.class}, (proxy, method, args) -> {
                            if (method.getName().equals("close")) {
                                closed.incrementAndGet();
                                return null;
                            }
                            if (method.getName().equals("name")) {
                                return "fake";
                            }
                            throw new UnsupportedOperationException(method.getName());
                        });
            }
        };
        Platform platform = platform(null, 0, module -> Modules.override(module).with(new AbstractModule() {
                    @Provides
                    @Singleton
                    RuntimeRegistry runtimes() {
                        RuntimeRegistry registry = RuntimeRegistry.discover();
                        registry.register(fake);
                        return registry;
                    }
                }));
        assertEquals(new RuntimeChoice("auto", "default"), platform.runtimeChoice());
        ComputeRuntime rt;
        try (platform) {
            rt = platform.runtime();
            assertEquals("fake", rt.name(), "auto picks the highest-priority available runtime");
            assertSame(rt, platform.runtime());
            assertEquals(0, closed.get());
        }
        assertEquals(1, created.get());
        assertEquals(1, closed.get(), "closed at exit");
    }

    @Test
    void resourcesCloseNewestFirstAndReportTheFirstFailure() {
        List<String> order = new ArrayList<>();
        AppResources resources = new AppResources();
        resources.register(() -> order.add("first"));
        resources.register(() -> {
            order.add("second");
            throw new IllegalStateException("boom");
        });
        resources.register(() -> order.add("third"));
        IllegalStateException e = assertThrows(IllegalStateException.class, resources::close);
        assertEquals("boom", e.getMessage());
        assertEquals(List.of("third", "second", "first"), order);
    }
}
