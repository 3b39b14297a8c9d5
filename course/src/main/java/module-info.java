/**
 * Sim-loop utilities on a batch of tracks, for reinforcement-learning trainers stepping thousands
 * of environments at once: where each car is in the track frame, how far it progressed, whether it
 * left the road or hit an obstacle. Every utility is bound once to a {@link dev.trackgen.api.Track}
 * and to caller-owned buffers, rewrites one persistent result in place, allocates nothing per step
 * and runs its kernels on the track's runtime (all cores on the CPU, capturable on CUDA).
 */
module dev.trackgen.course {
    requires transitive dev.trackgen.api;
    requires transitive dev.trackgen.pipeline;
    requires transitive dev.trackgen.gates;

    exports dev.trackgen.course;
    exports dev.trackgen.course.localize;
    exports dev.trackgen.course.profile;
    exports dev.trackgen.course.progress;
    exports dev.trackgen.course.grid;
    exports dev.trackgen.course.collision;
    exports dev.trackgen.course.props;
    exports dev.trackgen.course.raceline;
    exports dev.trackgen.course.gates;
    // dev.trackgen.course.kernel (the kernels, their Java bodies, PTX names and the generated
    // CourseKernelIndex) stays inside: runtimes reach kernels through the Kernel interface.

    uses dev.trackgen.course.CourseMode;
    provides dev.trackgen.course.CourseMode with dev.trackgen.course.RaceMode, dev.trackgen.course.GatesMode;
}
