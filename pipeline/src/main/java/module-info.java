/**
 * The TrackGenerator facade and the pipeline stages it runs: constant-spacing resample, XPBD
 * relaxation and inflation with the validity gate. It is handed the generator and runtimes it
 * runs; it discovers nothing (the registry module's TrackGenLauncher resolves names).
 */
module dev.trackgen.pipeline {
    requires transitive dev.trackgen.api;
    // Optional: the relaxation's SIMD bead update, used when the JVM runs with
    // --add-modules jdk.incubator.vector (an incubator module in Java 17), else the scalar loop.
    requires static jdk.incubator.vector;

    // The facade (TrackGenerator, CenterlinePipeline, StageKernels) is the contract. The stage
    // packages (resample, relax, inflate) stay inside: the one outside user, the benchmarks
    // module, runs on the class path (no module, so no qualified export can name it) and reaches
    // them there.
    exports dev.trackgen.pipeline;
}
