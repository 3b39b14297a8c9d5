package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.Knob;
import org.osgi.service.metatype.AttributeDefinition;

import java.util.List;

/**
 * One configuration property of {@code dev.trackgen.generator} described for Metatype: a knob
 * of the knob registry with its type, default, allowed values (the description says them; a
 * choice knob lists them as options) and its own validation, or one of the properties that are
 * not knobs ({@code seed}, {@code threads}).
 */
final class KnobAttribute implements AttributeDefinition {
    private final Knob<?> knob;
    private final String owner;
    private final String description;

    /**
     * @param knob  the knob
     * @param owner the generator that declares it, or {@code null} for a knob of the pipeline
     */
    KnobAttribute(Knob<?> knob, String owner) {
        this.knob = knob;
        this.owner = owner;
        this.description = (owner != null ? "[generator " + owner + "] " : "") + knob.description()
                + " Allowed: " + knob.allowed() + ".";
    }

    @Override
    public String getName() {
        return knob.name();
    }

    @Override
    public int getType() {
        if (knob.nullable()) {
            return STRING;
        }
        return switch (knob.typeName()) {
            case "int" -> INTEGER;
            case "float" -> DOUBLE;
            case "bool", "boolean" -> BOOLEAN;
            default -> STRING;
        };
    }

    @Override
    public String getID() {
        return knob.name();
    }

    @Override
    public String[] getOptionValues() {
        List<String> choices = knob.choices();
        return choices.isEmpty() ? null : choices.toArray(new String[0]);
    }

    @Override
    public String getDescription() {
        return description;
    }

    /** @return {@code ""} if the text is an allowed value, else why not */
    @Override
    public String validate(String value) {
        try {
            knob.parse(value == null ? "" : value.strip());
            return "";
        } catch (InvalidConfigException e) {
            return e.getMessage();
        }
    }

    /** @return 0: a single value (a list knob takes its list as text, {@code 64,128,256}) */
    @Override
    public int getCardinality() {
        return 0;
    }

    @Override
    public String[] getDefaultValue() {
        return new String[] {knob.format(knob.defaultValue())};
    }

    /** @return the knob described */
    Knob<?> knob() {
        return knob;
    }

    /** @return the option values themselves: a choice's words are its labels */
    @Override
    public String[] getOptionLabels() {
        return getOptionValues();
    }

    /** @return the generator that declares the knob, or {@code null} for a knob of the pipeline or the service */
    String owner() {
        return owner;
    }
}
