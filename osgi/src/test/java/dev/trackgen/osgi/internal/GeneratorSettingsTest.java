package dev.trackgen.osgi.internal;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration properties, as text (a .cfg file) or typed (Configuration Admin), into settings. */
class GeneratorSettingsTest {
    private static final CenterlineGenerator POLAR = GeneratorRegistry.discover().get("polar");

    @Test
    void textAndTypedValuesSetKnobsSeedAndThreadsAndContainerPropertiesAreSkipped() {
        Map<String, Object> p = new HashMap<>();
        p.put("generator", "polar");
        p.put("runtime", "cpu");
        p.put("num_envs", "128");
        p.put("relax_tol", 0.05);
        p.put("polar_num_knots", "16");
        p.put("seed", "-4");
        p.put("threads", 2);
        p.put("service.pid", "dev.trackgen.generator~x");
        p.put("felix.fileinstall.filename", "file:/etc/dev.trackgen.generator-x.cfg");
        GeneratorSettings s = GeneratorSettings.read(p, POLAR);
        assertEquals(128, s.config().numEnvs());
        assertEquals(0.05, s.config().get("relax_tol"));
        assertEquals(16, s.config().get("polar_num_knots"));
        assertEquals("polar", s.config().generator());
        assertEquals("cpu", s.config().runtime());
        assertEquals(-4, s.seed());
        assertEquals(2, s.options().threads());
        assertEquals(Map.of("num_envs", "128", "relax_tol", 0.05, "polar_num_knots", "16", "seed", "-4", "threads", 2),
                s.configured(), "the knob and service properties, as given");
    }

    @Test
    void defaultsApplyToWhatIsNotSet() {
        assertEquals("bezier", GeneratorSettings.generatorName(Map.of()));
        assertEquals("bezier", GeneratorSettings.generatorName(Map.of("generator", "auto")));
        assertEquals("auto", GeneratorSettings.runtimeName(Map.of()));
        GeneratorSettings s = GeneratorSettings.read(Map.of(), POLAR);
        assertEquals(1, s.config().numEnvs());
        assertEquals(0, s.seed());
    }

    @Test
    void anUnusablePropertyIsNamed() {
        assertEquals("relax_tol", refused(Map.of("relax_tol", "5")).property());
        assertEquals("relax_tolerance", refused(Map.of("relax_tolerance", "0.1")).property());
        assertEquals("num_envs", refused(Map.of("num_envs", "many")).property());
        assertEquals("seed", refused(Map.of("seed", "1.5")).property());
        assertEquals("threads", refused(Map.of("threads", "-1")).property());
        InvalidPropertyException threads = refused(Map.of("threads", "100000"));
        assertEquals("threads", threads.property());
        assertTrue(threads.getMessage().startsWith("property 'threads': "), threads.getMessage());
    }

    private static InvalidPropertyException refused(Map<String, Object> p) {
        return assertThrows(InvalidPropertyException.class, () -> GeneratorSettings.read(p, POLAR));
    }
}
