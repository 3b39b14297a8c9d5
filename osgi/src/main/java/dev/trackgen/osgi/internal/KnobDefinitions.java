package dev.trackgen.osgi.internal;

import dev.trackgen.osgi.GeneratorConfiguration;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.ObjectClassDefinition;

import java.io.InputStream;
import java.util.List;

/**
 * The object class definition of {@link GeneratorConfiguration#FACTORY_PID}: every property is
 * optional (a configuration sets what it changes; the rest keep their defaults), so all
 * attributes are listed as optional ones.
 */
final class KnobDefinitions implements ObjectClassDefinition {
    private final List<KnobAttribute> attributes;

    /** @param attributes the properties, in documentation order */
    KnobDefinitions(List<KnobAttribute> attributes) {
        this.attributes = attributes;
    }

    /** @return the properties, in documentation order */
    List<KnobAttribute> attributes() {
        return attributes;
    }

    @Override
    public String getName() {
        return "TrackGen generator";
    }

    @Override
    public String getID() {
        return GeneratorConfiguration.FACTORY_PID;
    }

    @Override
    public String getDescription() {
        return "One TrackGenerator service per configuration: a batch of num_envs closed race tracks per "
                + "generate() call, from the named generator on the named runtime. Every property is a knob "
                + "of the pipeline or of a generator; unset ones keep their defaults.";
    }

    @Override
    public AttributeDefinition[] getAttributeDefinitions(int filter) {
        return filter == REQUIRED ? new AttributeDefinition[0] : attributes.toArray(new AttributeDefinition[0]);
    }

    @Override
    public InputStream getIcon(int size) {
        return null;
    }
}
