package dev.trackgen.gates;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

class ExploreYieldTest {
    @Test
    void explore() {
        GeneratorRegistry reg = GeneratorRegistry.discover();
        for (String name : new String[] {"bezier", "hull", "polar", "voronoi", "checkpoint"}) {
            for (GateOrdering o : GateOrdering.values()) {
                GateConfig c = GateConfig.builder().numEnvs(256).generator(name).gateOrdering(o).build();
                CenterlineGenerator g = reg.get(name);
                try (CpuRuntime rt = new CpuRuntime(2, false);
                     GateGenerator gen = GateGenerator.builder(c).generator(g).runtime(rt).build()) {
                    GateCourseSnapshot s = gen.generate().snapshot();
                    double len = 0;
                    double bow = 0;
                    for (int e = 0; e < 256; e++) {
                        len += s.lineLength()[e] / s.count()[e];
                    }
                    System.out.printf("%s %s yield %.3f trackYield %.3f meanSpacing %.3f%n", name, o, s.yield(),
                            gen.track().snapshot().yield(), len / 256);
                }
            }
        }
    }
}
