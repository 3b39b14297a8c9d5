package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import org.junit.jupiter.api.Test;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.ObjectClassDefinition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Metatype description of {@code dev.trackgen.generator}: every knob of the knob registry,
 * typed, with defaults and validation; and docs/osgi.md's properties table, which is generated
 * from it (run with {@code -Dtrackgen.docs.update=true} to rewrite the table).
 */
class GeneratorMetaTypeTest {
    private static final String BEGIN = "<!-- properties table: generated from the Metatype description by GeneratorMetaTypeTest -->";
    private static final String END = "<!-- end of properties table -->";

    private static List<CenterlineGenerator> builtIns() {
        List<CenterlineGenerator> out = new ArrayList<>();
        for (GeneratorEntry e : GeneratorRegistry.discover().entries()) {
            out.add(e.generator());
        }
        return out;
    }

    @Test
    void everyKnobOfThePipelineTheServiceAndThePresentGeneratorsIsDescribed() {
        List<CenterlineGenerator> generators = builtIns();
        KnobDefinitions ocd = GeneratorMetaType.describe(generators);
        List<String> ids = new ArrayList<>();
        for (AttributeDefinition a : ocd.getAttributeDefinitions(ObjectClassDefinition.ALL)) {
            ids.add(a.getID());
        }
        for (Knob<?> k : PipelineKnobs.all()) {
            assertTrue(ids.contains(k.name()), k.name());
        }
        assertTrue(ids.containsAll(List.of("seed", "threads")));
        for (CenterlineGenerator g : generators) {
            for (Knob<?> k : g.knobs()) {
                assertTrue(ids.contains(k.name()), g.name() + "'s " + k.name());
            }
        }
        assertEquals(ids.size(), ids.stream().distinct().count(), "each property once");
        assertEquals(0, ocd.getAttributeDefinitions(ObjectClassDefinition.REQUIRED).length, "all optional");
        assertNull(new GeneratorMetaType().getObjectClassDefinition("some.other.pid", null));
    }

    @Test
    void attributesCarryTypeDefaultAndTheKnobsOwnValidation() {
        KnobDefinitions ocd = GeneratorMetaType.describe(List.of());
        AttributeDefinition envs = attribute(ocd, "num_envs");
        assertEquals(AttributeDefinition.INTEGER, envs.getType());
        assertEquals("1", envs.getDefaultValue()[0]);
        assertEquals("", envs.validate("4096"));
        assertTrue(envs.validate("0").contains("[1, 4194304]"), envs.validate("0"));
        AttributeDefinition tol = attribute(ocd, "relax_tol");
        assertEquals(AttributeDefinition.DOUBLE, tol.getType());
        assertFalse(tol.validate("1.5").isEmpty());
        AttributeDefinition accel = attribute(ocd, "relax_accel");
        assertEquals(List.of("chebyshev", "none"), List.of(accel.getOptionValues()));
        assertEquals(AttributeDefinition.STRING, attribute(ocd, "spacing").getType(), "an optional knob takes 'auto'");
        assertEquals("", attribute(ocd, "spacing").validate("auto"));
        assertEquals(AttributeDefinition.BOOLEAN, attribute(ocd, "relax_enable").getType());
    }

    private static AttributeDefinition attribute(KnobDefinitions ocd, String id) {
        for (AttributeDefinition a : ocd.getAttributeDefinitions(ObjectClassDefinition.ALL)) {
            if (a.getID().equals(id)) {
                return a;
            }
        }
        throw new AssertionError("no attribute " + id);
    }

    @Test
    void theDocsPropertiesTableIsTheMetatypeDescription() throws IOException {
        StringBuilder t = new StringBuilder(BEGIN).append("\n\n");
        t.append("| Property | Type | Default | Allowed | Of | Description |\n|---|---|---|---|---|---|\n");
        for (KnobAttribute a : GeneratorMetaType.describe(builtIns()).attributes()) {
            t.append("| `").append(a.getID()).append("` | ").append(type(a.getType())).append(" | `")
                    .append(a.getDefaultValue()[0]).append("` | ").append(cell(a.knob().allowed())).append(" | ")
                    .append(a.owner() == null ? "all" : a.owner()).append(" | ")
                    .append(cell(a.knob().description())).append(" |\n");
        }
        t.append("\n").append(END);
        Path docs = Path.of(System.getProperty("user.dir")).resolve("../docs/osgi.md").normalize();
        String text = Files.readString(docs);
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        assertTrue(b >= 0 && e > b, docs + " has the generated properties table's markers");
        String updated = text.substring(0, b) + t + text.substring(e + END.length());
        if (Boolean.getBoolean("trackgen.docs.update")) {
            Files.writeString(docs, updated);
        }
        assertEquals(updated, text, "docs/osgi.md's properties table is out of date: rerun this test with "
                + "-Dtrackgen.docs.update=true");
    }

    private static String type(int type) {
        return switch (type) {
            case AttributeDefinition.INTEGER -> "Integer";
            case AttributeDefinition.DOUBLE -> "Double";
            case AttributeDefinition.BOOLEAN -> "Boolean";
            default -> "String";
        };
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
