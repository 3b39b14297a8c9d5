package dev.trackgen.runtime.cpu;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;

import java.util.List;

/** The CPU runtime's captured graph: the recorded launches and copies, re-run in order. */
final class RecordedGraph implements CapturedGraph {
    private final CpuRuntime runtime;
    private final Step[] steps;
    private boolean closed;

    RecordedGraph(CpuRuntime runtime, List<Step> steps) {
        this.runtime = runtime;
        this.steps = steps.toArray(new Step[0]);
    }

    @Override
    public void replay() {
        if (closed) {
            throw new IllegalStateException("graph is closed");
        }
        for (Step s : steps) {
            if (s.kernel != null) {
                runtime.runRecorded(s.kernel, s.dim, s.args, s.mask);
            } else if (s.mask != null) {
                CpuRuntime.maskedCopy(s.src, s.dst, s.mask);
            } else {
                CpuRuntime.deviceCopy(s.src, s.dst);
            }
        }
    }

    @Override
    public int size() {
        return steps.length;
    }

    @Override
    public void close() {
        closed = true;
    }

    /** One recorded launch or device-to-device copy. */
    static final class Step {
        final Kernel kernel;
        final int dim;
        final KernelArgs args;
        final DeviceArray src;
        final DeviceArray dst;
        /** The env selection of a masked launch or copy, or null. */
        final EnvMask mask;

        private Step(Kernel kernel, int dim, KernelArgs args, DeviceArray src, DeviceArray dst, EnvMask mask) {
            this.kernel = kernel;
            this.dim = dim;
            this.args = args;
            this.src = src;
            this.dst = dst;
            this.mask = mask;
        }

        static Step launch(Kernel kernel, int dim, KernelArgs args) {
            return new Step(kernel, dim, args, null, null, null);
        }

        static Step launch(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
            return new Step(kernel, dim, args, null, null, mask);
        }

        static Step copy(DeviceArray src, DeviceArray dst) {
            return new Step(null, 0, null, src, dst, null);
        }

        static Step copy(DeviceArray src, DeviceArray dst, EnvMask mask) {
            return new Step(null, 0, null, src, dst, mask);
        }
    }
}
