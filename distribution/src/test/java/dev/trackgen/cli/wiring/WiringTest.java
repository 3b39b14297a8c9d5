package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Guice;
import com.google.inject.Provides;
import com.google.inject.Stage;
import com.google.inject.util.Modules;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.GenerateRequest;
import dev.trackgen.cli.job.GenerationJob;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Guice object graph of a {@code generate} run. */
class WiringTest {
    private static final Console CONSOLE = new Console(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));

    private static GenerateRequest request(String runtime, String... sets) {
        List<KnobAssignment> a = new ArrayList<>();
        for (String s : sets) {
            a.add(KnobAssignment.parse(s));
        }
        return new GenerateRequest(null, new CommandLineOverrides(null, 5, runtime, a), 3, 1, null, null, 9, true,
                false, true);
    }

    @Test
    void theGraphResolvesEveryConcernFromTheRequest() {
        Injector injector = Injectors.forGenerate(request("cpu", "half_width=0.13"), CONSOLE,
                Settings.of(Map.of(), Map.of()));
        TrackGenConfig config = injector.getInstance(TrackGenConfig.class);
        assertEquals(5, config.numEnvs());
        assertEquals(0.13, config.halfWidth());
        assertEquals("cpu", config.runtime());
        assertSame(config, injector.getInstance(TrackGenConfig.class), "singleton");
        assertEquals(new RuntimeChoice("cpu", "--runtime"), injector.getInstance(RuntimeChoice.class));
        assertEquals(1, injector.getInstance(RuntimeOptions.class).threads());
        assertTrue(injector.getInstance(NpzTrackWriter.class).compressed());
        assertEquals(9, injector.getInstance(PreviewRenderer.class).shown(100));
        assertSame(injector.getInstance(GeneratorRegistry.class), injector.getInstance(GeneratorRegistry.class));
        injector.getInstance(GenerationJob.class);
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
        GenerateRequest r = request(null);
        Injector injector = Guice.createInjector(Stage.DEVELOPMENT, Modules.override(
                new CliModule(r, CONSOLE, Settings.of(Map.of(), Map.of())),
                new ConfigModule(null, r.overrides()),
                new RegistryModule(),
                new RuntimeModule(0),
                new OutputModule(false, 36)).with(new AbstractModule() {
                    @Provides
                    @Singleton
                    RuntimeRegistry runtimes() {
                        RuntimeRegistry registry = RuntimeRegistry.discover();
                        registry.register(fake);
                        return registry;
                    }
                }));
        assertEquals(new RuntimeChoice("auto", "default"), injector.getInstance(RuntimeChoice.class));
        ComputeRuntime rt;
        try (AppResources resources = injector.getInstance(AppResources.class)) {
            rt = injector.getInstance(ComputeRuntime.class);
            assertEquals("fake", rt.name(), "auto picks the highest-priority available runtime");
            assertSame(rt, injector.getInstance(ComputeRuntime.class));
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
