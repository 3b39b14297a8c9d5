/**
 * TrackGen API: configuration, the Track result, per-environment seeding, the generator and
 * runtime service-provider interfaces, and the kernel toolkit shared by every kernel author.
 */
module dev.trackgen.api {
    // @API(status, since) on the exported packages; readable by every module that reads this one.
    requires static transitive org.apiguardian.api;

    exports dev.trackgen.api;
    exports dev.trackgen.api.config;
    exports dev.trackgen.api.generator;
    exports dev.trackgen.api.kernel;
    exports dev.trackgen.api.runtime;
}
