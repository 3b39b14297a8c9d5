package dev.trackgen.api.runtime;

import java.util.List;

/**
 * The arguments of one kernel launch, bound slot by slot in the order of the kernel's
 * {@link Kernel#params()}.
 *
 * <p>Bindings are built once, when the owner of a launch sequence is constructed, and reused by
 * every launch, so steady-state launches allocate nothing. A slot may be re-bound between
 * launches (a per-sweep scalar, say); a runtime that records launches for later replay copies
 * the binding at record time ({@link #copy()}), and CUDA copies kernel parameters into the graph,
 * so re-binding after a capture never changes what a replay does.
 *
 * <p>The typed getters ({@link #f32(int)}, {@link #vec2(int)}, ...) are for Java kernel bodies:
 * an array's {@code hostData()}, which an array in device memory refuses.
 */
public class KernelArgs {
    private final Kernel kernel;
    private final KernelParam.Type[] types;
    private final DeviceArray[] arrays;
    private final int[] ints;
    private final float[] floats;
    private final boolean[] bound;

    /**
     * An unbound binding of a kernel's parameters (generated {@code Args} classes extend this).
     *
     * @param kernel the kernel
     */
    protected KernelArgs(Kernel kernel) {
        this.kernel = kernel;
        List<KernelParam> params = kernel.params();
        int n = params.size();
        this.types = new KernelParam.Type[n];
        for (int i = 0; i < n; i++) {
            types[i] = params.get(i).type();
        }
        this.arrays = new DeviceArray[n];
        this.ints = new int[n];
        this.floats = new float[n];
        this.bound = new boolean[n];
    }

    /**
     * A copy of another binding.
     *
     * @param other the binding to copy
     */
    protected KernelArgs(KernelArgs other) {
        this.kernel = other.kernel;
        this.types = other.types;
        this.arrays = other.arrays.clone();
        this.ints = other.ints.clone();
        this.floats = other.floats.clone();
        this.bound = other.bound.clone();
    }

    /**
     * @param kernel the kernel to bind arguments for
     * @return an empty binding ({@link AbstractKernel#args()}: the generated typed binding of a declared kernel)
     */
    public static KernelArgs of(Kernel kernel) {
        return kernel instanceof AbstractKernel k ? k.args() : new KernelArgs(kernel);
    }

    /**
     * @param slot  parameter index
     * @param array the array (its type must match the parameter)
     * @return this binding
     */
    public KernelArgs set(int slot, DeviceArray array) {
        expect(slot, array != null && array.type() == types[slot], array == null ? "null" : array.type().toString());
        arrays[slot] = array;
        bound[slot] = true;
        return this;
    }

    /**
     * @param slot  parameter index of an {@code INT} parameter
     * @param value the value
     * @return this binding
     */
    public KernelArgs set(int slot, int value) {
        expect(slot, types[slot] == KernelParam.Type.INT, "an int");
        ints[slot] = value;
        bound[slot] = true;
        return this;
    }

    /**
     * @param slot  parameter index of a {@code FLOAT} parameter
     * @param value the value
     * @return this binding
     */
    public KernelArgs set(int slot, float value) {
        expect(slot, types[slot] == KernelParam.Type.FLOAT, "a float");
        floats[slot] = value;
        bound[slot] = true;
        return this;
    }

    private void expect(int slot, boolean matches, String got) {
        if (!matches) {
            throw new IllegalArgumentException(kernel.name() + " argument " + slot + " ("
                    + kernel.params().get(slot).name() + ") expects " + types[slot] + ", got " + got);
        }
    }

    /** @return the kernel these arguments belong to */
    public Kernel kernel() {
        return kernel;
    }

    /** @return an independent copy of the current binding (record time of a capture) */
    public final KernelArgs copy() {
        return duplicate();
    }

    /**
     * @return a copy of this binding of the same class (generated bindings return their own type)
     */
    protected KernelArgs duplicate() {
        return new KernelArgs(this);
    }

    /**
     * @throws IllegalStateException if some slot was never bound
     */
    public void checkComplete() {
        for (int i = 0; i < bound.length; i++) {
            if (!bound[i]) {
                throw new IllegalStateException(kernel.name() + " argument " + i + " ("
                        + kernel.params().get(i).name() + ") is not bound");
            }
        }
    }

    /**
     * @param slot parameter index
     * @return the bound array
     */
    public DeviceArray array(int slot) {
        return arrays[slot];
    }

    /**
     * @param slot parameter index
     * @return the parameter type
     */
    public KernelParam.Type type(int slot) {
        return types[slot];
    }

    /** @return the number of parameters */
    public int size() {
        return types.length;
    }

    /**
     * @param slot an {@code F32_ARRAY} slot bound to an array in host memory
     * @return its backing floats
     */
    public float[] f32(int slot) {
        return ((F32Array) arrays[slot]).hostData();
    }

    /**
     * @param slot an {@code I32_ARRAY} slot bound to an array in host memory
     * @return its backing ints
     */
    public int[] i32(int slot) {
        return ((I32Array) arrays[slot]).hostData();
    }

    /**
     * @param slot a {@code VEC2_ARRAY} slot bound to an array in host memory
     * @return its interleaved floats
     */
    public float[] vec2(int slot) {
        return ((Vec2Array) arrays[slot]).hostData();
    }

    /**
     * @param slot an {@code INT} slot
     * @return its value
     */
    public int intValue(int slot) {
        return ints[slot];
    }

    /**
     * @param slot a {@code FLOAT} slot
     * @return its value
     */
    public float floatValue(int slot) {
        return floats[slot];
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(kernel.name()).append('(');
        for (int i = 0; i < types.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            switch (types[i]) {
                case INT -> b.append(ints[i]);
                case FLOAT -> b.append(floats[i]);
                default -> b.append(arrays[i] == null ? "unbound" : types[i] + "[" + arrays[i].length() + "]");
            }
        }
        return b.append(')').toString();
    }
}
