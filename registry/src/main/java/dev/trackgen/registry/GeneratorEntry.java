package dev.trackgen.registry;

import dev.trackgen.api.generator.CenterlineGenerator;

/**
 * A registered generator and where it came from.
 *
 * @param generator the plugin instance
 * @param source    its origin: a module name, a jar file name, or an OSGi bundle
 */
public record GeneratorEntry(CenterlineGenerator generator, String source) {
    /** @return the generator's name */
    public String name() {
        return generator.name();
    }
}
