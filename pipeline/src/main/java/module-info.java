/**
 * The TrackGenerator facade and the pipeline stages it runs: constant-spacing resample, XPBD
 * relaxation and inflation with the validity gate.
 */
module dev.trackgen.pipeline {
    requires transitive dev.trackgen.api;

    exports dev.trackgen.pipeline;
    exports dev.trackgen.pipeline.resample;
    exports dev.trackgen.pipeline.relax;
    exports dev.trackgen.pipeline.inflate;
}
