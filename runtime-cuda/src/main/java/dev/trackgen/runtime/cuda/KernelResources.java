package dev.trackgen.runtime.cuda;

/**
 * What the device compiled a kernel's CUDA body to, as the driver reports it
 * ({@code cuFuncGetAttribute}): for a launch-failure diagnosis and the GPU check's report.
 *
 * @param kernel             the entry point
 * @param registers          registers per thread ({@code CU_FUNC_ATTRIBUTE_NUM_REGS})
 * @param staticSharedBytes  static shared memory per block, bytes ({@code CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES})
 * @param localBytes         local memory per thread, bytes (spills; {@code CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES})
 * @param maxThreadsPerBlock the most threads a block of it may have ({@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK})
 */
public record KernelResources(String kernel, int registers, int staticSharedBytes, int localBytes,
                              int maxThreadsPerBlock) {
}
