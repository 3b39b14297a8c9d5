package dev.trackgen.course;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.gates.GateGenerator;

/**
 * What a {@link CourseMode} builds its parts on in a gate course; made by the course, once.
 *
 * @param gates     the batch (the generator's persistent gate courses)
 * @param generator the gate generator (its config has the gate knobs)
 * @param config    the course's options ({@link CourseConfig#gates()} for the gate options)
 */
public record GateContext(GateCourse gates, GateGenerator generator, CourseConfig config) {
    /** @return the runtime everything runs on */
    public ComputeRuntime runtime() {
        return gates.runtime();
    }

    /** @return {@code E} */
    public int numEnvs() {
        return gates.numEnvs();
    }

    /** @return agents per env {@code A} */
    public int agents() {
        return config.agents();
    }
}
