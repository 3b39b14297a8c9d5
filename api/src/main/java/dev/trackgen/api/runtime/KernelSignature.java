package dev.trackgen.api.runtime;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a kernel once: on an interface nested in the kernel class {@code K}, whose one method
 * is shaped like the CUDA prototype without its leading {@code int dim}. The method's name is the
 * CUDA entry point; its parameters, in CUDA order, are {@code int}, {@code float},
 * {@link F32Array}, {@link I32Array} or {@link Vec2Array}, each array marked {@link In},
 * {@link Out} or {@link InOut}.
 *
 * <pre>{@code
 * public final class FillI32Kernel extends FillI32KernelBase {
 *     @KernelSignature(ptx = "trackgen-ptx/api.ptx")
 *     interface Signature {
 *         void tg_fill_i32(@Out I32Array out, int value);
 *     }
 *
 *     @Override
 *     protected void run(int begin, int end, int[] out, int value) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>The annotation processor of {@code trackgen-codegen} (on the compiler's processor path)
 * generates {@code KBase}: the name, module and parameter list, the nested typed binding
 * {@code KBase.Args} (a setter and a getter per parameter, bound by name when a launch plan is
 * built: {@code kernel.args().out(flags).value(1)}) and the dispatch to the body. It also writes
 * the module's C header {@code trackgen-cuda/<artifact>_kernels.h} (prototypes and
 * {@link CudaConstant}s) that the CUDA bodies include, so a body that disagrees with its
 * declaration does not compile.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface KernelSignature {
    /**
     * @return the PTX module resource holding the CUDA body, {@code trackgen-ptx/NAME.ptx}; empty (the
     *     default) for a kernel with a Java body only, which the CUDA runtime runs on the host
     */
    String ptx() default "";

    /** @return the CUDA {@code __launch_bounds__} maximum threads per block, or 0 for none */
    int maxThreads() default 0;

    /**
     * @return whether the Java body reads its arguments from the binding,
     *         {@code run(Args a, int begin, int end)}, instead of taking them as parameters in
     *         declaration order, {@code run(int begin, int end, ...)} (the default): for a body
     *         that hands the whole binding to helpers (the relaxation's 30 parameters)
     */
    boolean bindingBody() default false;

    /** @return the CUDA {@code __launch_bounds__} minimum resident blocks (with {@link #maxThreads()}) */
    int minBlocks() default 0;

    /**
     * @return whether the kernel is launched with one thread per environment ({@code dim = E}), each
     *     thread walking a whole environment's points: the generated base then launches its CUDA body
     *     with {@link LaunchShape#perEnvironment(int)} (small blocks, so a batch of a few thousand
     *     environments spreads over every multiprocessor) instead of {@link LaunchShape#linear(int)}.
     *     The body must be a linear one (its index is {@code blockIdx.x * blockDim.x + threadIdx.x});
     *     results do not depend on the block size.
     */
    boolean perEnvironment() default false;
}
