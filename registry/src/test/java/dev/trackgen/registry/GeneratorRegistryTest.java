package dev.trackgen.registry;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.Vec2Array;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratorRegistryTest {

    static class Named implements CenterlineGenerator {
        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public List<Kernel> kernels() {
            return List.of();
        }

        @Override
        public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
            return new GeneratorScratch() { };
        }

        @Override
        public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array out,
                             I32Array valid, GeneratorScratch scratch) {
        }
    }

    @Test
    void serviceLoaderFindsTheBuiltInGeneratorOnTheClassPath() {
        GeneratorRegistry r = GeneratorRegistry.discover();
        assertTrue(r.available().contains("bezier"), r.available().toString());
        assertEquals("bezier", r.get("bezier").name());
        assertTrue(r.entry("bezier").source().contains("generators"), r.entry("bezier").source());
        assertTrue(r.problems().isEmpty(), r.problems().toString());
    }

    @Test
    void unknownNameListsTheAvailableOnesSorted() {
        GeneratorRegistry r = new GeneratorRegistry();
        r.register(new Named("zeta"), "test");
        r.register(new Named("alpha"), "test");
        UnknownNameException e = assertThrows(UnknownNameException.class, () -> r.get("bezeir"));
        assertEquals("unknown generator 'bezeir'; available: alpha, zeta", e.getMessage());
        assertEquals(List.of("alpha", "zeta"), r.available());
    }

    @Test
    void clashingNamesKeepTheFirstAndReportTheSecond() {
        GeneratorRegistry r = new GeneratorRegistry();
        Named first = new Named("loop");
        assertTrue(r.register(first, "first.jar"));
        assertFalse(r.register(new Named("loop"), "second.jar"));
        assertSame(first, r.get("loop"));
        assertEquals(1, r.problems().size());
        assertTrue(r.problems().get(0).contains("second.jar"), r.problems().get(0));
        assertTrue(r.problems().get(0).contains("first.jar"), r.problems().get(0));
    }

    @Test
    void brokenPluginsAreReportedNotFatal() {
        GeneratorRegistry r = new GeneratorRegistry();
        assertFalse(r.register(new Named("x") {
            @Override
            public String name() {
                throw new IllegalStateException("no name today");
            }
        }, "broken.jar"));
        assertFalse(r.register(new Named(" "), "blank.jar"));
        assertEquals(2, r.problems().size());
        assertTrue(r.problems().get(0).contains("broken.jar") && r.problems().get(0).contains("no name today"));
    }

    @Test
    void unregisterRemovesOnlyTheRegisteredInstance() {
        GeneratorRegistry r = new GeneratorRegistry();
        Named g = new Named("g");
        r.register(g, "a");
        assertFalse(r.unregister(new Named("g")));
        assertTrue(r.unregister(g));
        assertTrue(r.available().isEmpty());
    }

    @Test
    void aKnobReusingARegisteredGeneratorsKnobNameDifferentlyLeavesTheNewcomerOut() {
        GeneratorRegistry r = GeneratorRegistry.discover();
        CenterlineGenerator bezier = r.get("bezier");
        dev.trackgen.api.config.Knob<Integer> rad = dev.trackgen.api.config.Knob.ofInt("rad", 3,
                dev.trackgen.api.config.Range.closed(0, 9), "not bezier's rad");
        CenterlineGenerator clash = new Named("clash") {
            @Override
            public List<dev.trackgen.api.config.Knob<?>> knobs() {
                return List.of(rad);
            }
        };
        assertFalse(r.register(clash, "test"));
        assertTrue(r.problems().get(r.problems().size() - 1).contains("knob 'rad' is declared twice"),
                r.problems()::toString);
        assertEquals(List.of(bezier), r.inRegistrationOrder().stream().map(GeneratorEntry::generator)
                .filter(g -> g.name().equals("bezier")).toList());
        assertEquals("bezier", r.inRegistrationOrder().get(0).name(), "the module's provides order");
    }
}
