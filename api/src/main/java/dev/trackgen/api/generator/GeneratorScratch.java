package dev.trackgen.api.generator;

/**
 * A generator's private, pre-allocated buffers and pre-bound launches. Opaque to the pipeline;
 * each generator casts it back to its own type.
 */
public interface GeneratorScratch {
}
