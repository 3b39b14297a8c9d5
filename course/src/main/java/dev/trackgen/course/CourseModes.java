package dev.trackgen.course;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registry of {@link CourseMode}s: what {@link ServiceLoader} finds through the course
 * module's class loader (the module path's {@code provides} clauses and the class path's
 * {@code META-INF/services/dev.trackgen.course.CourseMode} files), a new instance per course.
 */
final class CourseModes {
    private CourseModes() {
    }

    /**
     * @param name a mode's name
     * @return a new instance of the mode of that name
     * @throws IllegalArgumentException naming the known modes when none has that name
     */
    static CourseMode create(String name) {
        List<String> known = new ArrayList<>();
        for (CourseMode mode : ServiceLoader.load(CourseMode.class, CourseMode.class.getClassLoader())) {
            if (mode.name().equals(name)) {
                return mode;
            }
            known.add(mode.name());
        }
        throw new IllegalArgumentException("unknown course mode '" + name + "'; known modes: " + String.join(", ", known));
    }
}
