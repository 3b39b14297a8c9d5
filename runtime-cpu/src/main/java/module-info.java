/**
 * The eager CPU runtime: Java kernel bodies on every core, with record/replay capture that
 * enforces the capture contract.
 */
module dev.trackgen.runtime.cpu {
    requires transitive dev.trackgen.api;

    exports dev.trackgen.runtime.cpu;

    provides dev.trackgen.api.runtime.RuntimeProvider with dev.trackgen.runtime.cpu.CpuRuntimeProvider;
}
