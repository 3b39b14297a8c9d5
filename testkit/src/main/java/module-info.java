/**
 * The TrackGen plugin test kit: {@link dev.trackgen.testkit.GeneratorContract}, the contract
 * check a generator plugin's JUnit 5 test runs in one line.
 */
module dev.trackgen.testkit {
    requires transitive dev.trackgen.api;
    requires dev.trackgen.pipeline;
    requires dev.trackgen.runtime.cpu;
    requires org.junit.jupiter.api;

    exports dev.trackgen.testkit;
}
