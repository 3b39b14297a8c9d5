package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import jakarta.inject.Singleton;

/** The generator and runtime registries, filled by {@link java.util.ServiceLoader} discovery. */
public final class RegistryModule extends AbstractModule {

    /** Creates the module. */
    public RegistryModule() {
    }

    @Provides
    @Singleton
    GeneratorRegistry generators() {
        return GeneratorRegistry.discover();
    }

    @Provides
    @Singleton
    RuntimeRegistry runtimes() {
        return RuntimeRegistry.discover();
    }
}
