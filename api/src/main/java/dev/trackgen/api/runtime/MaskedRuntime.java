package dev.trackgen.api.runtime;


/**
 * A runtime seen through an env mask: every launch is a {@link ComputeRuntime#launchMasked} and
 * every device copy a {@link ComputeRuntime#copyMasked} with the same mask, so a generator or a
 * stage plan issued on this view touches the selected envs' rows alone (on runtimes that skip the
 * others) without knowing it is masked. Allocation and host copies go to the runtime unchanged.
 */
public final class MaskedRuntime extends ForwardingRuntime {
    private final EnvMask mask;

    /**
     * @param delegate the runtime
     * @param mask     the selection, on {@code delegate}
     */
    public MaskedRuntime(ComputeRuntime delegate, EnvMask mask) {
        super(delegate);
        this.mask = mask;
    }

    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        delegate().launchMasked(kernel, dim, args, mask);
    }

    @Override
    public void copy(DeviceArray src, DeviceArray dst) {
        delegate().copyMasked(src, dst, mask);
    }
}
