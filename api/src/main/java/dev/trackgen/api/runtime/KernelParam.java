package dev.trackgen.api.runtime;

/**
 * One parameter of a {@link Kernel}: its name (for messages and the CUDA C signature), type and,
 * for arrays, direction. The order of a kernel's parameters is the order of its CUDA C function's
 * arguments. Declared kernels ({@link KernelSignature}) get theirs generated.
 *
 * @param name the parameter name
 * @param type the parameter type
 * @param direction how the kernel uses an array ({@link Direction#IN} for scalars)
 */
public record KernelParam(String name, Type type, Direction direction) {

    /**
     * A parameter whose direction is not declared: {@link Direction#IN_OUT} for arrays.
     *
     * @param name the parameter name
     * @param type the parameter type
     */
    public KernelParam(String name, Type type) {
        this(name, type, type.isArray() ? Direction.IN_OUT : Direction.IN);
    }

    /** How a kernel uses an array parameter. */
    public enum Direction {
        /** Read only ({@code const T*} in CUDA). */
        IN,
        /** Written; its previous contents are not read. */
        OUT,
        /** Read and written. */
        IN_OUT
    }

    /** Types a kernel parameter can have. */
    public enum Type {
        /** {@link F32Array}, CUDA {@code float*}. */
        F32_ARRAY,
        /** {@link I32Array}, CUDA {@code int*}. */
        I32_ARRAY,
        /** {@link Vec2Array}, CUDA {@code float2*} (interleaved pairs). */
        VEC2_ARRAY,
        /** A 32-bit int passed by value. */
        INT,
        /** A 32-bit float passed by value. */
        FLOAT;

        /** @return whether this type is an array type */
        public boolean isArray() {
            return this == F32_ARRAY || this == I32_ARRAY || this == VEC2_ARRAY;
        }
    }

    /**
     * @param name parameter name
     * @return an {@code F32_ARRAY} parameter
     */
    public static KernelParam f32(String name) {
        return new KernelParam(name, Type.F32_ARRAY);
    }

    /**
     * @param name parameter name
     * @return an {@code I32_ARRAY} parameter
     */
    public static KernelParam i32(String name) {
        return new KernelParam(name, Type.I32_ARRAY);
    }

    /**
     * @param name parameter name
     * @return a {@code VEC2_ARRAY} parameter
     */
    public static KernelParam vec2(String name) {
        return new KernelParam(name, Type.VEC2_ARRAY);
    }

    /**
     * @param name parameter name
     * @return an {@code INT} scalar parameter
     */
    public static KernelParam intValue(String name) {
        return new KernelParam(name, Type.INT);
    }

    /**
     * @param name parameter name
     * @return a {@code FLOAT} scalar parameter
     */
    public static KernelParam floatValue(String name) {
        return new KernelParam(name, Type.FLOAT);
    }
}
