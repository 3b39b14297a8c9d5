package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.LaunchShape;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUjit_option;
import jcuda.driver.JITOptions;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.CUstream_flags;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import static jcuda.driver.JCudaDriver.cuCtxGetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxPopCurrent;
import static jcuda.driver.JCudaDriver.cuCtxPushCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuFuncGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuGraphDestroy;
import static jcuda.driver.JCudaDriver.cuGraphExecDestroy;
import static jcuda.driver.JCudaDriver.cuGraphInstantiate;
import static jcuda.driver.JCudaDriver.cuGraphLaunch;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadDataJIT;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuStreamBeginCapture;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamEndCapture;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

/**
 * {@link CudaDriver} over JCuda's driver API: the device's primary context (shared with other
 * CUDA users of the process), one non-blocking stream, plain {@code cuMemAlloc} allocations and a
 * pinned staging buffer through which host copies travel asynchronously on the stream, so they
 * are ordered with the kernels. Call {@link JCudaNatives#load()} first.
 *
 * <p>{@link #enter()} pushes the primary context when the calling thread has another one current
 * (a simulator's own context, say) and {@link #leave()} pops it, so the caller's context is never
 * left switched; when the primary context is already current nothing is pushed. Modules are loaded
 * with {@code cuModuleLoadDataEx} and the JIT's error and info logs, which a failure's message
 * carries.
 */
final class JCudaDriverApi implements CudaDriver {
    /** Bytes of pinned staging memory; larger copies go through it in chunks. */
    private static final int STAGING_BYTES = 4 << 20;

    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final CUstream stream = new CUstream();
    private final Pointer staging = new Pointer();
    private final IntBuffer stagingInts;
    private final FloatBuffer stagingFloats;
    private final String description;
    private final int maxShared;
    private final CUcontext callerContext = new CUcontext();
    private final CUcontext popped = new CUcontext();
    private int depth;
    private boolean pushed;
    private boolean closed;

    /** A device pointer whose address can be read. */
    static final class DevicePointer extends CUdeviceptr implements Buffer {
        @Override
        public long address() {
            return getNativePointer();
        }
    }

    record JModule(CUmodule module) implements Module {
    }

    record JFunction(CUfunction function) implements Function {
    }

    record JGraph(CUgraphExec exec) implements Graph {
    }

    /**
     * @param deviceIndex the device ordinal
     * @throws CudaException if the device cannot be set up
     */
    JCudaDriverApi(int deviceIndex) {
        check(cuInit(0), "cuInit");
        int[] count = new int[1];
        check(cuDeviceGetCount(count), "cuDeviceGetCount");
        if (deviceIndex >= count[0]) {
            throw new CudaException(101, "CUDA device " + deviceIndex + " does not exist (" + count[0] + " device"
                    + (count[0] == 1 ? "" : "s") + ")");
        }
        check(cuDeviceGet(device, deviceIndex), "cuDeviceGet");
        check(cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        try {
            check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
            check(cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
            check(cuMemAllocHost(staging, STAGING_BYTES), "cuMemAllocHost");
            ByteBuffer bytes = staging.getByteBuffer(0, STAGING_BYTES).order(ByteOrder.nativeOrder());
            stagingInts = bytes.asIntBuffer();
            stagingFloats = bytes.asFloatBuffer();
            int[] v = new int[1];
            check(cuDeviceGetAttribute(v, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    device), "cuDeviceGetAttribute");
            maxShared = v[0];
            description = describe(deviceIndex);
        } catch (RuntimeException e) {
            cuDevicePrimaryCtxRelease(device);
            throw e;
        }
    }

    private String describe(int index) {
        byte[] name = new byte[256];
        cuDeviceGetName(name, name.length, device);
        int len = 0;
        while (len < name.length && name[len] != 0) {
            len++;
        }
        int[] sms = new int[1];
        cuDeviceGetAttribute(sms, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
        long[] mem = new long[1];
        cuDeviceTotalMem(mem, device);
        int[] version = new int[1];
        cuDriverGetVersion(version);
        return "cuda:" + index + " " + new String(name, 0, len, java.nio.charset.StandardCharsets.US_ASCII)
                + " (" + sms[0] + " SMs, " + (mem[0] >> 20) + " MiB, driver " + version[0] / 1000 + "."
                + (version[0] % 1000) / 10 + ")";
    }

    static void check(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new CudaException(result, call + " failed: " + CUresult.stringFor(result));
        }
    }

    /** Inside {@link #enter()} the context is current already; outside (the probe) it is made current. */
    private void current() {
        if (closed) {
            throw new IllegalStateException("the CUDA runtime is closed");
        }
        if (depth == 0) {
            check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
        }
    }

    @Override
    public void enter() {
        if (depth++ > 0) {
            return;
        }
        try {
            check(cuCtxGetCurrent(callerContext), "cuCtxGetCurrent");
            pushed = !callerContext.equals(context);
            if (pushed) {
                check(cuCtxPushCurrent(context), "cuCtxPushCurrent");
            }
        } catch (RuntimeException e) {
            depth--;
            throw e;
        }
    }

    @Override
    public void leave() {
        if (depth == 0 || --depth > 0) {
            return;
        }
        if (pushed) {
            pushed = false;
            check(cuCtxPopCurrent(popped), "cuCtxPopCurrent");
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public int maxDynamicSharedBytes() {
        return maxShared;
    }

    @Override
    public Buffer alloc(long bytes) {
        current();
        DevicePointer p = new DevicePointer();
        long size = Math.max(4, (bytes + 3) / 4 * 4);
        check(cuMemAlloc(p, size), "cuMemAlloc(" + size + " bytes)");
        check(cuMemsetD32Async(p, 0, size / 4, stream), "cuMemsetD32Async");
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        return p;
    }

    @Override
    public void free(Buffer buffer) {
        current();
        cuMemFree((DevicePointer) buffer);
    }

    @Override
    public void copyToDevice(int[] src, Buffer dst) {
        current();
        int chunk = STAGING_BYTES / 4;
        for (int off = 0; off < src.length; off += chunk) {
            int n = Math.min(chunk, src.length - off);
            stagingInts.clear();
            stagingInts.put(src, off, n);
            check(cuMemcpyHtoDAsync(((DevicePointer) dst).withByteOffset(4L * off), staging, 4L * n, stream),
                    "cuMemcpyHtoDAsync");
            check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        }
    }

    @Override
    public void copyToDevice(float[] src, Buffer dst) {
        current();
        int chunk = STAGING_BYTES / 4;
        for (int off = 0; off < src.length; off += chunk) {
            int n = Math.min(chunk, src.length - off);
            stagingFloats.clear();
            stagingFloats.put(src, off, n);
            check(cuMemcpyHtoDAsync(((DevicePointer) dst).withByteOffset(4L * off), staging, 4L * n, stream),
                    "cuMemcpyHtoDAsync");
            check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        }
    }

    @Override
    public void copyToHost(Buffer src, int[] dst) {
        current();
        int chunk = STAGING_BYTES / 4;
        for (int off = 0; off < dst.length; off += chunk) {
            int n = Math.min(chunk, dst.length - off);
            check(cuMemcpyDtoHAsync(staging, ((DevicePointer) src).withByteOffset(4L * off), 4L * n, stream),
                    "cuMemcpyDtoHAsync");
            check(cuStreamSynchronize(stream), "cuStreamSynchronize");
            stagingInts.clear();
            stagingInts.get(dst, off, n);
        }
    }

    @Override
    public void copyToHost(Buffer src, float[] dst) {
        current();
        int chunk = STAGING_BYTES / 4;
        for (int off = 0; off < dst.length; off += chunk) {
            int n = Math.min(chunk, dst.length - off);
            check(cuMemcpyDtoHAsync(staging, ((DevicePointer) src).withByteOffset(4L * off), 4L * n, stream),
                    "cuMemcpyDtoHAsync");
            check(cuStreamSynchronize(stream), "cuStreamSynchronize");
            stagingFloats.clear();
            stagingFloats.get(dst, off, n);
        }
    }

    @Override
    public void copyOnDevice(Buffer src, Buffer dst, long bytes) {
        current();
        check(cuMemcpyDtoDAsync((DevicePointer) dst, (DevicePointer) src, bytes, stream), "cuMemcpyDtoDAsync");
    }

    /** Bytes of each JIT log buffer. */
    private static final int JIT_LOG_BYTES = 16 << 10;

    @Override
    public Module loadModule(byte[] ptx) {
        current();
        byte[] image = Arrays.copyOf(ptx, ptx.length + 1); // NUL-terminated
        CUmodule m = new CUmodule();
        JITOptions jit = new JITOptions();
        jit.putBytes(CUjit_option.CU_JIT_ERROR_LOG_BUFFER, new byte[JIT_LOG_BYTES]);
        jit.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, JIT_LOG_BYTES);
        jit.putBytes(CUjit_option.CU_JIT_INFO_LOG_BUFFER, new byte[JIT_LOG_BYTES]);
        jit.putInt(CUjit_option.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, JIT_LOG_BYTES);
        int r = cuModuleLoadDataJIT(m, Pointer.to(image), jit);
        if (r != CUresult.CUDA_SUCCESS) {
            String log = log(jit, CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
            throw new CudaException(r, "cuModuleLoadDataEx failed: " + CUresult.stringFor(r)
                    + (log.isEmpty() ? "" : "; JIT error log: " + log));
        }
        return new JModule(m);
    }

    private static String log(JITOptions jit, int option) {
        try {
            String s = jit.getString(option);
            return s == null ? "" : s.strip();
        } catch (RuntimeException e) {
            return "";
        }
    }

    @Override
    public int[] functionAttributes(Function function) {
        current();
        int[] attrs = {CUfunction_attribute.CU_FUNC_ATTRIBUTE_NUM_REGS, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
            CUfunction_attribute.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK};
        int[] out = new int[attrs.length];
        int[] v = new int[1];
        for (int i = 0; i < attrs.length; i++) {
            check(cuFuncGetAttribute(v, attrs[i], ((JFunction) function).function()), "cuFuncGetAttribute");
            out[i] = v[0];
        }
        return out;
    }

    @Override
    public long[] memoryInfo() {
        current();
        long[] free = new long[1];
        long[] total = new long[1];
        check(cuMemGetInfo(free, total), "cuMemGetInfo");
        return new long[] {free[0], total[0]};
    }

    @Override
    public int staticSharedBytes(Function function) {
        current();
        int[] v = new int[1];
        check(cuFuncGetAttribute(v, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                ((JFunction) function).function()), "cuFuncGetAttribute(SHARED_SIZE_BYTES)");
        return v[0];
    }

    @Override
    public Function function(Module module, String name) {
        current();
        CUfunction f = new CUfunction();
        int r = cuModuleGetFunction(f, ((JModule) module).module(), name);
        if (r == CUresult.CUDA_ERROR_NOT_FOUND) {
            return null;
        }
        check(r, "cuModuleGetFunction(" + name + ")");
        return new JFunction(f);
    }

    @Override
    public void unloadModule(Module module) {
        current();
        check(cuModuleUnload(((JModule) module).module()), "cuModuleUnload");
    }

    /** Unloads a module (used by the probe). */
    void unload(Module module) {
        cuModuleUnload(((JModule) module).module());
    }

    @Override
    public void allowDynamicShared(Function function, int bytes) {
        current();
        check(cuFuncSetAttribute(((JFunction) function).function(),
                CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes), "cuFuncSetAttribute");
    }

    @Override
    public void launch(Function function, LaunchShape shape, Object[] args) {
        current();
        Pointer[] params = new Pointer[args.length];
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof DevicePointer p) {
                params[i] = Pointer.to(p);
            } else if (a instanceof Integer v) {
                params[i] = Pointer.to(new int[] {v});
            } else if (a instanceof Float v) {
                params[i] = Pointer.to(new float[] {v});
            } else {
                throw new IllegalArgumentException("kernel argument " + i + " is not a buffer, int or float: " + a);
            }
        }
        check(cuLaunchKernel(((JFunction) function).function(), shape.gridX(), 1, 1, shape.blockX(), 1, 1,
                shape.sharedBytes(), stream,
                Pointer.to(params), null), "cuLaunchKernel");
    }

    @Override
    public void beginCapture() {
        current();
        check(cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
                "cuStreamBeginCapture");
    }

    @Override
    public Graph endCapture() {
        current();
        CUgraph graph = new CUgraph();
        check(cuStreamEndCapture(stream, graph), "cuStreamEndCapture");
        try {
            CUgraphExec exec = new CUgraphExec();
            check(cuGraphInstantiate(exec, graph, 0L), "cuGraphInstantiate");
            return new JGraph(exec);
        } finally {
            cuGraphDestroy(graph);
        }
    }

    @Override
    public void abortCapture() {
        current();
        CUgraph graph = new CUgraph();
        if (cuStreamEndCapture(stream, graph) == CUresult.CUDA_SUCCESS) {
            cuGraphDestroy(graph);
        }
    }

    @Override
    public void launchGraph(Graph graph) {
        current();
        check(cuGraphLaunch(((JGraph) graph).exec(), stream), "cuGraphLaunch");
    }

    @Override
    public void destroyGraph(Graph graph) {
        current();
        cuGraphExecDestroy(((JGraph) graph).exec());
    }

    @Override
    public void synchronize() {
        current();
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        cuCtxSetCurrent(context);
        cuStreamSynchronize(stream);
        cuMemFreeHost(staging);
        cuStreamDestroy(stream);
        cuDevicePrimaryCtxRelease(device);
        closed = true;
    }
}
