package dev.trackgen.api.runtime;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A constant Java shares with the CUDA bodies: on a {@code static final} primitive field with a
 * compile-time value, it becomes a {@code #define} in the module's generated header
 * ({@code trackgen-cuda/<artifact>_kernels.h}, see {@link KernelSignature}), spelled so that C
 * reads the same value (floats with an {@code f} suffix, shortest round-tripping digits). A .cu
 * file never defines such a constant by hand.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.FIELD)
public @interface CudaConstant {
    /** @return the C macro name; empty for {@code TG_} followed by the field name */
    String value() default "";
}
