package dev.trackgen.runtime.cuda;

/**
 * Device memory as the driver reports it ({@code cuMemGetInfo}, the whole device, every process)
 * and what one runtime holds.
 *
 * @param freeBytes    free device memory, bytes
 * @param totalBytes   total device memory, bytes
 * @param runtimeBytes bytes of the arrays this runtime has allocated and not freed
 */
public record DeviceMemory(long freeBytes, long totalBytes, long runtimeBytes) {
    /** @return bytes in use on the device ({@code total - free}) */
    public long usedBytes() {
        return totalBytes - freeBytes;
    }
}
