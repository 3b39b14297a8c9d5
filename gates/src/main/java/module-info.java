/**
 * Gate courses for drone racing: each env's seed becomes an ordered sequence of square gates laid
 * out on the plan view of a centerline generator's track, lifted to 3D by an altitude profile,
 * with roll-free gate frames and a closed 3D course line through the gate centers. Same facade
 * contract as the track pipeline (fixed batch, one persistent result, determinism per env seed,
 * capture and replay, zero allocation per call, masked regeneration).
 */
module dev.trackgen.gates {
    requires transitive dev.trackgen.api;
    requires transitive dev.trackgen.pipeline;

    exports dev.trackgen.gates;
    // dev.trackgen.gates.kernel (the kernels, their Java bodies, PTX names and the generated
    // GatesKernelIndex) stays inside: runtimes reach kernels through the Kernel interface.
}
