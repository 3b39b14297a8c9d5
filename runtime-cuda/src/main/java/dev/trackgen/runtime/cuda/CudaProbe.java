package dev.trackgen.runtime.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

/**
 * Decides, once per process, whether the CUDA runtime can run here and if not why, in one line:
 * no NVIDIA driver, no device, a driver older than the bundled PTX needs, or a build without
 * kernels. It loads JCuda's native binding (catching every linkage error), initializes the
 * driver, and loads the api module's PTX on device 0 in a throwaway use of the primary context.
 */
final class CudaProbe {
    private static final int CUDA_ERROR_STUB_LIBRARY = 34;
    private static final int CUDA_ERROR_INSUFFICIENT_DRIVER = 35;
    private static final int CUDA_ERROR_NO_DEVICE = 100;

    private static volatile String reason;
    private static volatile boolean done;

    private CudaProbe() {
    }

    /** @return {@code null} when a CUDA runtime can be created, else the one-line reason */
    static String unavailableReason() {
        if (!done) {
            synchronized (CudaProbe.class) {
                if (!done) {
                    reason = probe();
                    done = true;
                }
            }
        }
        return reason;
    }

    static String tooOldDriver(int driverVersion, byte[] ptx) {
        int[] isa = PtxResources.isaVersion(ptx);
        String version = driverVersion > 0 ? " (" + driverVersion / 1000 + "." + (driverVersion % 1000) / 10 + ")" : "";
        return "the CUDA driver" + version + " is older than the bundled PTX"
                + (isa == null ? "" : " (ISA " + isa[0] + "." + isa[1] + ")")
                + " needs (CUDA_ERROR_UNSUPPORTED_PTX_VERSION): a CUDA " + PtxResources.requiredCudaMajor(ptx)
                + " driver or newer is required";
    }

    static String withoutKernels() {
        return "built without kernels: no trackgen-ptx/*.ptx resources (nvcc was not on the PATH when it was "
                + "built)";
    }

    private static String probe() {
        String natives = JCudaNatives.load();
        if (natives != null) {
            return natives;
        }
        try {
            int r = cuInit(0);
            if (r == CUDA_ERROR_STUB_LIBRARY) {
                return "no NVIDIA driver: libcuda.so.1 is the CUDA toolkit's stub library";
            }
            if (r == CUDA_ERROR_NO_DEVICE) {
                return "no CUDA device (the NVIDIA driver reports none)";
            }
            if (r == CUDA_ERROR_INSUFFICIENT_DRIVER) {
                return "the NVIDIA driver is too old for JCuda 12 (CUDA_ERROR_INSUFFICIENT_DRIVER)";
            }
            if (r != 0) {
                return "the CUDA driver failed to initialize: " + jcuda.driver.CUresult.stringFor(r);
            }
            int[] count = new int[1];
            r = cuDeviceGetCount(count);
            if (r != 0 || count[0] == 0) {
                return "no CUDA device (the NVIDIA driver reports none)";
            }
            byte[] ptx = PtxResources.apiModule();
            if (ptx == null) {
                return withoutKernels();
            }
            int[] version = new int[1];
            cuDriverGetVersion(version);
            if (version[0] > 0 && version[0] / 1000 < PtxResources.requiredCudaMajor(ptx)) {
                return tooOldDriver(version[0], ptx);
            }
            JCudaDriverApi api = new JCudaDriverApi(0);
            try {
                CudaDriver.Module m = api.loadModule(ptx);
                api.unload(m);
            } catch (CudaException e) {
                if (e.code() == CudaException.UNSUPPORTED_PTX_VERSION) {
                    return tooOldDriver(version[0], ptx);
                }
                return "the bundled PTX cannot be loaded: " + e.getMessage();
            } finally {
                api.close();
            }
            return null;
        } catch (CudaException e) {
            return "the CUDA device cannot be used: " + e.getMessage();
        } catch (Throwable t) {
            return JCudaNatives.reasonFor(t);
        }
    }
}
