package dev.trackgen.cli.output;

import java.nio.file.Path;

/**
 * What a {@code generate} run did, for the summary it prints.
 *
 * @param generator          the generator name
 * @param generatorSource    where the generator came from (module or jar)
 * @param runtime            the runtime name actually used ({@code cpu}, {@code cuda})
 * @param runtimeDescription the runtime's one-line description
 * @param runtimeRequested   the runtime name asked for ({@code auto} resolves to a real runtime)
 * @param runtimeOrigin      which setting asked for it
 * @param numEnvs            the batch size E
 * @param valid              how many tracks passed the validity gate
 * @param millis             wall time of the {@code generate()} call, milliseconds
 * @param seed               the base seed
 * @param npz                the archive written, or {@code null}
 * @param preview            the preview written, or {@code null}
 */
public record GenerationReport(String generator, String generatorSource, String runtime, String runtimeDescription,
                               String runtimeRequested, String runtimeOrigin, int numEnvs, int valid, double millis, int seed, Path npz,
                               Path preview) {

    /** @return the fraction of valid tracks, {@code valid / numEnvs} */
    public double yield() {
        return valid / (double) numEnvs;
    }
}
