package dev.trackgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor run by javac on small declarations: what it generates (and that the generated
 * binding compiles) and what it refuses. The annotations and the runtime types the generated code
 * uses are given as sources shaped like api's, so this module needs no dependency on api.
 */
class KernelProcessorTest {
    private static final String RT = "dev.trackgen.api.runtime";

    @TempDir
    Path out;

    private static JavaFileObject source(String qualified, String text) {
        return new SimpleJavaFileObject(java.net.URI.create("string:///" + qualified.replace('.', '/') + ".java"),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
    }

    private static List<JavaFileObject> annotations() {
        List<JavaFileObject> l = new ArrayList<>();
        l.add(source(RT + ".KernelSignature", "package " + RT + "; public @interface KernelSignature {"
                + " String ptx() default \"\"; int maxThreads() default 0; int minBlocks() default 0;"
                + " boolean bindingBody() default false; boolean perEnvironment() default false; }"));
        l.add(source(RT + ".CudaConstant", "package " + RT + "; public @interface CudaConstant { String value() default \"\"; }"));
        for (String d : List.of("In", "Out", "InOut")) {
            l.add(source(RT + "." + d, "package " + RT + "; public @interface " + d + " {}"));
        }
        l.add(source(RT + ".DeviceArray", "package " + RT + "; public interface DeviceArray {}"));
        for (String a : List.of("F32Array", "I32Array", "Vec2Array")) {
            l.add(source(RT + "." + a, "package " + RT + "; public interface " + a + " extends DeviceArray {}"));
        }
        // the shapes of api's runtime types that generated code uses
        l.add(source(RT + ".Kernel", "package " + RT + "; public interface Kernel {"
                + " void run(KernelArgs a, int begin, int end);"
                + " default LaunchShape cudaLaunchShape(int dim, KernelArgs a) { return null; } }"));
        l.add(source(RT + ".LaunchShape", "package " + RT + "; public record LaunchShape(int gridX, int blockX) {"
                + " public static LaunchShape perEnvironment(int dim) { return new LaunchShape(dim, 32); } }"));
        l.add(source(RT + ".KernelParam", "package " + RT + "; public record KernelParam(String name, Type type,"
                + " Direction direction) { public enum Type { F32_ARRAY, I32_ARRAY, VEC2_ARRAY, INT, FLOAT }"
                + " public enum Direction { IN, OUT, IN_OUT } }"));
        l.add(source(RT + ".AbstractKernel", "package " + RT + "; public abstract class AbstractKernel implements Kernel {"
                + " protected AbstractKernel(String name, String ptx, KernelParam... params) {}"
                + " public KernelArgs args() { return null; } }"));
        l.add(source(RT + ".KernelArgs", "package " + RT + "; public class KernelArgs {"
                + " protected KernelArgs(Kernel k) {} protected KernelArgs(KernelArgs o) {}"
                + " protected KernelArgs duplicate() { return this; }"
                + " public KernelArgs set(int s, DeviceArray a) { return this; }"
                + " public KernelArgs set(int s, int v) { return this; }"
                + " public KernelArgs set(int s, float v) { return this; }"
                + " public DeviceArray array(int s) { return null; }"
                + " public float[] f32(int s) { return null; } public int[] i32(int s) { return null; }"
                + " public float[] vec2(int s) { return null; } public int intValue(int s) { return 0; }"
                + " public float floatValue(int s) { return 0; } }"));
        return l;
    }

    /** Result of one processor run. */
    private record Run(boolean ok, String errors, Path classes, Path sources) {
        String header(String name) throws IOException {
            return Files.readString(classes.resolve("trackgen-cuda").resolve(name));
        }

        String generated(String path) throws IOException {
            return Files.readString(sources.resolve(path));
        }
    }

    private Run run(String qualified, String text) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = Files.createDirectories(out.resolve("classes"));
        Path sources = Files.createDirectories(out.resolve("sources"));
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            fm.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
            fm.setLocation(StandardLocation.SOURCE_OUTPUT, List.of(sources.toFile()));
            List<JavaFileObject> units = annotations();
            units.add(source(qualified, text));
            JavaCompiler.CompilationTask task = javac.getTask(new StringWriter(), fm, diagnostics,
                    List.of("-Atrackgen.module=trackgen-demo"), null, units);
            task.setProcessors(List.of(new KernelProcessor()));
            boolean ok = task.call();
            String errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getMessage(Locale.ROOT)).collect(Collectors.joining("\n"));
            return new Run(ok, errors, classes, sources);
        }
    }

    private static String kernel(String signature) {
        return "package demo; import dev.trackgen.api.runtime.*;\n"
                + "public abstract class ScaleKernel extends ScaleKernelBase {\n"
                + "  static final ScaleKernel INSTANCE = null;\n"
                + "  @CudaConstant(\"TG_SCALE_EPS\") static final float EPS = 1.0e-3f;\n"
                + "  @CudaConstant static final double PI_D = Math.PI;\n"
                + "  @CudaConstant static final int NEG = -7;\n"
                + "  @KernelSignature(ptx = \"trackgen-ptx/demo.ptx\")\n"
                + "  interface Signature { " + signature + " }\n"
                + "}\n";
    }

    @Test
    void writesPrototypesConstantsAndATypedBinding() throws IOException {
        Run r = run("demo.ScaleKernel",
                kernel("void tg_scale(@In Vec2Array in, @Out Vec2Array out, @InOut I32Array count, int n, float k);"));
        assertTrue(r.ok(), r.errors());
        String h = r.header("trackgen_demo_kernels.h");
        assertTrue(h.contains("extern \"C\" __global__ void tg_scale(int dim, const float2* in, float2* out, "
                + "int* count, int n, float k);"), h);
        assertTrue(h.contains("#define TG_SCALE_EPS 0.001f"), h);
        assertTrue(h.contains("#define TG_PI_D 3.141592653589793"), h);
        assertTrue(h.contains("#define TG_NEG (-7)"), h);
        assertTrue(h.contains("#ifndef TRACKGEN_DEMO_KERNELS_H"), h);
        // constants before the toolkit header, whose helpers use api's constants
        assertTrue(h.indexOf("#define TG_SCALE_EPS") < h.indexOf("#include \"trackgen_kernel.cuh\""), h);
        assertTrue(h.indexOf("#include \"trackgen_kernel.cuh\"") < h.indexOf("tg_scale(int dim"), h);
        String base = r.generated("demo/ScaleKernelBase.java");
        assertTrue(base.contains("this(\"tg_scale\")") && base.contains("super(name, \"trackgen-ptx/demo.ptx\""), base);
        assertTrue(base.contains("public Args n(int value)"), base);
        assertTrue(base.contains("public float[] in()"), base);
        assertTrue(base.contains("public Vec2Array outArray()"), base);
        assertTrue(base.contains("KernelParam.Direction.IN_OUT"), base);
        // the module's kernel index, in the kernels' package, named after the module option
        String index = r.generated("demo/DemoKernelIndex.java");
        assertTrue(index.contains("public final class DemoKernelIndex"), index);
        assertTrue(index.contains("demo.ScaleKernel.INSTANCE"), index);
        assertTrue(index.contains("PTX_MODULES = List.of(\"trackgen-ptx/demo.ptx\")"), index);
    }

    @Test
    void refusesAKernelWithoutAnInstanceForTheIndex() throws IOException {
        Run r = run("demo.ScaleKernel", kernel("void tg_scale(@In F32Array in, int n);")
                .replace("  static final ScaleKernel INSTANCE = null;\n", ""));
        assertFalse(r.ok());
        assertTrue(r.errors().contains("has a static INSTANCE field"), r.errors());
    }

    @Test
    void theBodyTakesItsArgumentsAsParametersOrTheBindingWhenAsked() throws IOException {
        Run plain = run("demo.ScaleKernel", kernel("void tg_scale(@In Vec2Array in, int n, float k);"));
        assertTrue(plain.ok(), plain.errors());
        assertTrue(plain.generated("demo/ScaleKernelBase.java")
                .contains("protected abstract void run(int begin, int end, float[] in, int n, float k);"));
        Run binding = run("demo.ScaleKernel", kernel("void tg_scale(@In Vec2Array in, int n, float k);")
                .replace("ptx = \"trackgen-ptx/demo.ptx\"", "ptx = \"trackgen-ptx/demo.ptx\", bindingBody = true"));
        assertTrue(binding.ok(), binding.errors());
        assertTrue(binding.generated("demo/ScaleKernelBase.java")
                .contains("protected abstract void run(Args a, int begin, int end);"));
    }

    @Test
    void launchBoundsReachThePrototype() throws IOException {
        String text = kernel("void tg_scale(@In F32Array in, int n);")
                .replace("ptx = \"trackgen-ptx/demo.ptx\"", "ptx = \"trackgen-ptx/demo.ptx\", maxThreads = 256, minBlocks = 2");
        Run r = run("demo.ScaleKernel", text);
        assertTrue(r.ok(), r.errors());
        assertTrue(r.header("trackgen_demo_kernels.h")
                .contains("__global__ void TG_LAUNCH_BOUNDS(256, 2) tg_scale(int dim, const float* in, int n);"));
    }

    @Test
    void aPerEnvironmentKernelLaunchesInPerEnvironmentBlocks() throws IOException {
        String text = kernel("void tg_scale(@In F32Array in, int n);")
                .replace("ptx = \"trackgen-ptx/demo.ptx\"", "ptx = \"trackgen-ptx/demo.ptx\", perEnvironment = true");
        Run r = run("demo.ScaleKernel", text);
        assertTrue(r.ok(), r.errors());
        String base = r.generated("demo/ScaleKernelBase.java");
        assertTrue(base.contains("public dev.trackgen.api.runtime.LaunchShape cudaLaunchShape(int dim, KernelArgs args)")
                && base.contains("return dev.trackgen.api.runtime.LaunchShape.perEnvironment(dim);"), base);
        Run plain = run("demo.ScaleKernel", kernel("void tg_scale(@In F32Array in, int n);"));
        assertFalse(plain.generated("demo/ScaleKernelBase.java").contains("cudaLaunchShape"), "only when asked");
    }

    @Test
    void aSignatureWithoutPtxIsAJavaOnlyKernelWithoutPrototype() throws IOException {
        String text = kernel("void tg_java_only(@In F32Array in, int n);")
                .replace("@KernelSignature(ptx = \"trackgen-ptx/demo.ptx\")", "@KernelSignature");
        Run r = run("demo.ScaleKernel", text);
        assertTrue(r.ok(), r.errors());
        assertTrue(r.generated("demo/ScaleKernelBase.java").contains("super(name, null"));
        String h = r.header("trackgen_demo_kernels.h");
        assertFalse(h.contains("tg_java_only"), h);
        assertTrue(h.contains("#define TG_SCALE_EPS 0.001f"), h);
    }

    @Test
    void refusesAnArrayWithoutDirection() throws IOException {
        Run r = run("demo.ScaleKernel", kernel("void tg_scale(F32Array in, int n);"));
        assertFalse(r.ok());
        assertTrue(r.errors().contains("array parameter 'in' needs a direction"), r.errors());
    }

    @Test
    void refusesADirectionOnAScalar() throws IOException {
        Run r = run("demo.ScaleKernel", kernel("void tg_scale(@In F32Array in, @Out int n);"));
        assertFalse(r.ok());
        assertTrue(r.errors().contains("scalar parameter 'n' is passed by value"), r.errors());
    }

    @Test
    void refusesOtherParameterTypes() throws IOException {
        Run r = run("demo.ScaleKernel", kernel("void tg_scale(@In F32Array in, double k);"));
        assertFalse(r.ok());
        assertTrue(r.errors().contains("parameter 'k' has type double"), r.errors());
    }

    @Test
    void refusesNamesThatCollideWithTheBinding() throws IOException {
        Run r = run("demo.ScaleKernel", kernel("void tg_scale(@In F32Array in, int size);"));
        assertFalse(r.ok());
        assertTrue(r.errors().contains("'size' collides with a KernelArgs method"), r.errors());
    }

    @Test
    void refusesTwoMethodsAndNonVoid() throws IOException {
        Run two = run("demo.ScaleKernel", kernel("void tg_a(int n); void tg_b(int n);"));
        assertFalse(two.ok());
        assertTrue(two.errors().contains("exactly one method"), two.errors());
        Run nonVoid = run("demo.ScaleKernel", kernel("int tg_a(int n);"));
        assertFalse(nonVoid.ok());
        assertTrue(nonVoid.errors().contains("a kernel returns void"), nonVoid.errors());
    }

    @Test
    void refusesANonConstantCudaConstant() throws IOException {
        String text = kernel("void tg_scale(@In F32Array in, int n);")
                .replace("static final int NEG = -7;", "static int NEG = -7;");
        Run r = run("demo.ScaleKernel", text);
        assertFalse(r.ok());
        assertTrue(r.errors().contains("@CudaConstant goes on a static final field"), r.errors());
    }

    @Test
    void literalsReadBackAsTheSameValue() {
        for (float f : new float[] {1.0e-3f, 0.1f, 3.4028235e38f, 1.4e-45f, -2.5f, 1.0f / 3}) {
            String c = KernelProcessor.literal(f).replace("(", "").replace(")", "");
            assertEquals(f, Float.parseFloat(c.substring(0, c.length() - 1)), c);
        }
        for (double d : new double[] {Math.PI, 1e-300, -0.1}) {
            String c = KernelProcessor.literal(d).replace("(", "").replace(")", "");
            assertEquals(d, Double.parseDouble(c), c);
        }
        assertEquals(null, KernelProcessor.literal(Float.NaN));
        assertEquals("1", KernelProcessor.literal(true));
    }
}
