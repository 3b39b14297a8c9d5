package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.osgi.GeneratorConfiguration;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.MetaTypeProvider;
import org.osgi.service.metatype.ObjectClassDefinition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Metatype description of {@link GeneratorConfiguration#FACTORY_PID}, generated from the knob
 * registry each time it is asked for: {@code generator}, {@code runtime}, {@link ServiceKnobs},
 * every knob of the pipeline ({@link PipelineKnobs#all()}) and the knobs of every generator in
 * the {@link GeneratorRegistry} service (a plugin bundle's knobs appear when it starts), with types, defaults and
 * allowed values, so the Felix web console and Karaf's {@code config:meta} show them.
 */
@Component(service = MetaTypeProvider.class, property = MetaTypeProvider.METATYPE_FACTORY_PID + "="
        + GeneratorConfiguration.FACTORY_PID)
public final class GeneratorMetaType implements MetaTypeProvider {
    @Reference
    private GeneratorRegistry registry;

    /** Created by Declarative Services. */
    public GeneratorMetaType() {
    }

    @Override
    public ObjectClassDefinition getObjectClassDefinition(String id, String locale) {
        if (!GeneratorConfiguration.FACTORY_PID.equals(id)) {
            return null;
        }
        List<CenterlineGenerator> present = new ArrayList<>();
        for (GeneratorEntry e : registry.entries()) {
            present.add(e.generator());
        }
        return describe(present);
    }

    @Override
    public String[] getLocales() {
        return null;
    }

    /**
     * @param present the generators whose knobs to add
     * @return the description: the pipeline's properties, then each generator's knobs (by
     *         generator name; a knob shared by several generators once, under the first)
     */
    static KnobDefinitions describe(Collection<CenterlineGenerator> present) {
        Map<String, KnobAttribute> attributes = new LinkedHashMap<>();
        for (Knob<?> k : PipelineKnobs.all()) {
            attributes.put(k.name(), new KnobAttribute(k, null));
            if (k == PipelineKnobs.NUM_ENVS) {
                attributes.put(ServiceKnobs.SEED.name(), new KnobAttribute(ServiceKnobs.SEED, null));
                attributes.put(ServiceKnobs.THREADS.name(), new KnobAttribute(ServiceKnobs.THREADS, null));
            }
        }
        List<CenterlineGenerator> sorted = new ArrayList<>(present);
        sorted.sort(Comparator.comparing(CenterlineGenerator::name));
        for (CenterlineGenerator g : sorted) {
            for (Knob<?> k : g.knobs()) {
                attributes.putIfAbsent(k.name(), new KnobAttribute(k, g.name()));
            }
        }
        return new KnobDefinitions(List.copyOf(attributes.values()));
    }
}
