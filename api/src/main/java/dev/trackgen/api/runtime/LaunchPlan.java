package dev.trackgen.api.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * A fixed sequence of launches and device-to-device copies with their arguments bound once,
 * built when a stage is constructed and issued on every call by {@link #enqueue(ComputeRuntime)}
 * without allocating. Issuing a plan inside {@link ComputeRuntime#capture(Runnable)} records it.
 */
public final class LaunchPlan {
    private final Kernel[] kernels;
    private final int[] dims;
    private final KernelArgs[] args;
    private final DeviceArray[] copySrc;
    private final DeviceArray[] copyDst;

    private LaunchPlan(List<Step> steps) {
        int n = steps.size();
        kernels = new Kernel[n];
        dims = new int[n];
        args = new KernelArgs[n];
        copySrc = new DeviceArray[n];
        copyDst = new DeviceArray[n];
        for (int i = 0; i < n; i++) {
            Step s = steps.get(i);
            kernels[i] = s.kernel();
            dims[i] = s.dim();
            args[i] = s.args();
            copySrc[i] = s.src();
            copyDst[i] = s.dst();
        }
    }

    /** One launch (kernel set) or copy (src and dst set). */
    private record Step(Kernel kernel, int dim, KernelArgs args, DeviceArray src, DeviceArray dst) {
    }

    /** @return a builder for a new plan */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Issues every step in order on a runtime.
     *
     * @param runtime the runtime the plan's arrays live on
     */
    public void enqueue(ComputeRuntime runtime) {
        for (int i = 0; i < kernels.length; i++) {
            if (kernels[i] != null) {
                runtime.launch(kernels[i], dims[i], args[i]);
            } else {
                runtime.copy(copySrc[i], copyDst[i]);
            }
        }
    }

    /**
     * Issues the plan under the runtime's {@linkplain ComputeRuntime#executionLock() execution
     * lock} (one process-wide lock on CUDA), as every public call of a sim-loop utility does.
     *
     * @param runtime the runtime
     */
    public void enqueueLocked(ComputeRuntime runtime) {
        java.util.concurrent.locks.Lock lock = runtime.executionLock();
        lock.lock();
        try {
            enqueue(runtime);
        } finally {
            lock.unlock();
        }
    }

    /** @return the number of steps */
    public int size() {
        return kernels.length;
    }

    /**
     * @param array a device array
     * @return whether a launch of this plan is bound to it or a copy writes it
     */
    public boolean binds(DeviceArray array) {
        for (int i = 0; i < kernels.length; i++) {
            if (kernels[i] != null) {
                for (int slot = 0; slot < args[i].size(); slot++) {
                    if (args[i].type(slot).isArray() && args[i].array(slot) == array) {
                        return true;
                    }
                }
            } else if (copyDst[i] == array) {
                return true;
            }
        }
        return false;
    }

    /** @return the distinct kernels the plan launches, in the order of their first launch */
    public List<Kernel> kernels() {
        List<Kernel> out = new ArrayList<>();
        for (Kernel k : kernels) {
            if (k != null && !out.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }

    /** Collects the steps of a plan. */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();

        private Builder() {
        }

        /**
         * Appends a launch of the kernel a binding belongs to, bound by name:
         * {@code launch(E * n, SelectRowsKernel.INSTANCE.args().a(x).b(y).flag(f).n(n).out(o))}. The
         * binding is checked for completeness and kept (not copied), so a later re-bind of a slot
         * changes what the plan launches.
         *
         * @param dim  launch dimension
         * @param args its complete binding
         * @return this builder
         * @throws IllegalStateException if a parameter is not bound
         */
        public Builder launch(int dim, KernelArgs args) {
            args.checkComplete();
            steps.add(new Step(args.kernel(), dim, args, null, null));
            return this;
        }

        /**
         * Appends a device-to-device copy.
         *
         * @param src source
         * @param dst destination of the same type and length
         * @return this builder
         */
        public Builder copy(DeviceArray src, DeviceArray dst) {
            if (src.type() != dst.type() || src.length() != dst.length()) {
                throw new IllegalArgumentException("copy needs the same type and length");
            }
            steps.add(new Step(null, 0, null, src, dst));
            return this;
        }

        /**
         * Appends every step of another plan.
         *
         * @param plan the plan to append
         * @return this builder
         */
        public Builder append(LaunchPlan plan) {
            for (int i = 0; i < plan.kernels.length; i++) {
                if (plan.kernels[i] != null) {
                    steps.add(new Step(plan.kernels[i], plan.dims[i], plan.args[i], null, null));
                } else {
                    steps.add(new Step(null, 0, null, plan.copySrc[i], plan.copyDst[i]));
                }
            }
            return this;
        }

        /** @return the plan */
        public LaunchPlan build() {
            return new LaunchPlan(steps);
        }
    }
}
