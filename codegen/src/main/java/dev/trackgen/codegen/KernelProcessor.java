package dev.trackgen.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * Turns kernel declarations into what is mechanical about them.
 *
 * <p>For every interface annotated {@code @KernelSignature} (nested in its kernel class {@code K},
 * one method whose name is the CUDA entry point and whose parameters are the kernel's, CUDA order,
 * without the leading {@code int dim}) it writes the Java source of {@code KBase}: the kernel's
 * name, PTX module and parameter list, a typed nested {@code Args} binding (setters and getters
 * named after the parameters) and the dispatch from the runtime's {@code run(KernelArgs, ..)} to
 * the body's {@code run(Args, ..)}. A signature without {@code ptx} declares a kernel with a Java
 * body only (a plugin's): its base passes no CUDA module and the header gets no prototype.
 *
 * <p>When the round is over it writes one C header for the compiled module,
 * {@code trackgen-cuda/<module>_kernels.h} in the class output (option {@code trackgen.module},
 * dashes become underscores): the {@code extern "C" __global__} prototype of every declared
 * kernel ({@code @In} arrays as {@code const T*}) and a {@code #define} for every field annotated
 * {@code @CudaConstant}, the constants before the {@code #include "trackgen_kernel.cuh"} (whose
 * helpers use api's constants). A CUDA body that includes the header and differs from its declaration is a
 * compile error ("conflicting declaration of C function").
 *
 * <p>Once per module it also writes the kernel index, {@code <Module>KernelIndex} (option
 * {@code trackgen-pipeline} gives {@code PipelineKernelIndex}) in the package common to the
 * module's kernels: every kernel with a CUDA body (its {@code INSTANCE}) and the PTX modules
 * they name, what the twin tests and runtimes read instead of hand-kept lists.
 *
 * <p>Declarations it refuses, with an error on the element: a signature not nested in a class,
 * more or fewer than one method, a non-void method, a parameter of another type than
 * {@code int}, {@code float}, {@code F32Array}, {@code I32Array} or {@code Vec2Array}, an array
 * without a direction, a scalar with one, a parameter named like a {@code KernelArgs} method, two
 * kernels of one name, a {@code @CudaConstant} that is not a primitive compile-time constant, a
 * kernel with a CUDA body whose class has no static {@code INSTANCE} field.
 */
@SupportedAnnotationTypes({KernelProcessor.SIGNATURE, KernelProcessor.CONSTANT})
@SupportedOptions(KernelProcessor.MODULE_OPTION)
public final class KernelProcessor extends AbstractProcessor {
    static final String RUNTIME = "dev.trackgen.api.runtime";
    static final String SIGNATURE = RUNTIME + ".KernelSignature";
    static final String CONSTANT = RUNTIME + ".CudaConstant";
    static final String MODULE_OPTION = "trackgen.module";

    private static final Set<String> RESERVED = Set.of("kernel", "copy", "duplicate", "checkComplete", "array",
            "type", "size", "f32", "i32", "vec2", "intValue", "floatValue", "set", "bind", "toString", "hashCode",
            "equals", "getClass", "notify", "notifyAll", "wait", "dim");

    private final Set<String> kernels = new java.util.HashSet<>();
    private final Map<String, String> prototypes = new TreeMap<>();
    private final Map<String, String> constants = new TreeMap<>();
    private final Map<String, String> constantOrigins = new TreeMap<>();
    /** Kernels with a CUDA body: entry point to {kernel class, PTX module}, for the module's index. */
    private final Map<String, String[]> deviceKernels = new TreeMap<>();
    private final List<Element> indexOrigins = new ArrayList<>();
    private boolean indexWritten;

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (TypeElement annotation : annotations) {
            String name = annotation.getQualifiedName().toString();
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (name.equals(SIGNATURE)) {
                    declareKernel(e);
                } else if (name.equals(CONSTANT)) {
                    declareConstant(e);
                }
            }
        }
        if (!indexWritten && !deviceKernels.isEmpty()) {
            writeIndex();
            indexWritten = true;
        }
        if (round.processingOver() && !(prototypes.isEmpty() && constants.isEmpty())) {
            writeHeader();
        }
        return true;
    }

    private void error(Element e, String message) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
    }

    private void declareKernel(Element e) {
        if (e.getKind() != ElementKind.INTERFACE || !(e.getEnclosingElement() instanceof TypeElement owner)
                || owner.getKind() != ElementKind.CLASS) {
            error(e, "@KernelSignature goes on an interface nested in its kernel class");
            return;
        }
        List<ExecutableElement> methods = new ArrayList<>();
        for (Element m : e.getEnclosedElements()) {
            if (m.getKind() == ElementKind.METHOD) {
                methods.add((ExecutableElement) m);
            }
        }
        if (methods.size() != 1) {
            error(e, "a kernel signature declares exactly one method (the CUDA entry point), found " + methods.size());
            return;
        }
        ExecutableElement method = methods.get(0);
        if (method.getReturnType().getKind() != TypeKind.VOID) {
            error(method, "a kernel returns void");
            return;
        }
        String entry = method.getSimpleName().toString();
        AnnotationMirror sig = mirror(e, SIGNATURE);
        String ptx = (String) value(sig, "ptx", "");
        boolean javaOnly = ptx.isBlank();
        int maxThreads = (Integer) value(sig, "maxThreads", 0);
        int minBlocks = (Integer) value(sig, "minBlocks", 0);
        List<Param> params = new ArrayList<>();
        for (VariableElement p : method.getParameters()) {
            Param param = param(p);
            if (param == null) {
                return;
            }
            params.add(param);
        }
        if (!kernels.add(entry)) {
            error(method, "kernel " + entry + " is declared twice in this module");
            return;
        }
        if (!javaOnly) {
            if (indexWritten) {
                error(e, "a kernel declared in a generated source is not in the module's kernel index");
            }
            boolean instance = false;
            for (Element f : owner.getEnclosedElements()) {
                instance |= f.getKind() == ElementKind.FIELD && f.getSimpleName().contentEquals("INSTANCE")
                        && f.getModifiers().contains(Modifier.STATIC);
            }
            if (!instance) {
                error(owner, "a kernel with a CUDA body has a static INSTANCE field (the module's kernel index lists it)");
            }
            deviceKernels.put(entry, new String[] {owner.getQualifiedName().toString(), ptx,
                processingEnv.getElementUtils().getPackageOf(owner).getQualifiedName().toString()});
            indexOrigins.add(owner);
            prototypes.put(entry, prototype(entry, params, maxThreads, minBlocks));
        }
        writeBase(owner, entry, javaOnly ? null : ptx, params, (Boolean) value(sig, "bindingBody", false),
                (Boolean) value(sig, "perEnvironment", false));
    }

    private Param param(VariableElement p) {
        String name = p.getSimpleName().toString();
        if (RESERVED.contains(name) || name.endsWith("Array")) {
            error(p, "parameter name '" + name + "' collides with a KernelArgs method; rename it");
            return null;
        }
        Dir dir = null;
        int dirs = 0;
        for (Dir d : Dir.values()) {
            if (mirror(p, RUNTIME + "." + d.annotation) != null) {
                dir = d;
                dirs++;
            }
        }
        TypeMirror t = p.asType();
        Kind kind = switch (t.getKind()) {
            case INT -> Kind.INT;
            case FLOAT -> Kind.FLOAT;
            case DECLARED -> switch (t.toString()) {
                case RUNTIME + ".F32Array" -> Kind.F32;
                case RUNTIME + ".I32Array" -> Kind.I32;
                case RUNTIME + ".Vec2Array" -> Kind.VEC2;
                default -> null;
            };
            default -> null;
        };
        if (kind == null) {
            error(p, "parameter '" + name + "' has type " + t
                    + "; a kernel takes int, float, F32Array, I32Array or Vec2Array");
            return null;
        }
        if (dirs > 1) {
            error(p, "parameter '" + name + "' has more than one of @In, @Out, @InOut");
            return null;
        }
        if (kind.array && dir == null) {
            error(p, "array parameter '" + name + "' needs a direction: @In (read only, const in CUDA), @Out or @InOut");
            return null;
        }
        if (!kind.array && dir != null) {
            error(p, "scalar parameter '" + name + "' is passed by value and takes no direction");
            return null;
        }
        return new Param(name, kind, dir == null ? Dir.IN : dir);
    }

    private static String prototype(String entry, List<Param> params, int maxThreads, int minBlocks) {
        StringBuilder b = new StringBuilder("extern \"C\" __global__ void ");
        if (maxThreads > 0) {
            b.append("TG_LAUNCH_BOUNDS(").append(maxThreads).append(", ").append(Math.max(minBlocks, 1)).append(") ");
        }
        b.append(entry).append("(int dim");
        for (Param p : params) {
            b.append(", ");
            if (p.kind.array && p.dir == Dir.IN) {
                b.append("const ");
            }
            b.append(p.kind.cType).append(' ').append(p.name);
        }
        return b.append(");").toString();
    }

    private void writeBase(TypeElement owner, String entry, String ptx, List<Param> params, boolean bindingBody,
                           boolean perEnvironment) {
        String pkg = processingEnv.getElementUtils().getPackageOf(owner).getQualifiedName().toString();
        String kernel = owner.getSimpleName().toString();
        String base = kernel + "Base";
        StringBuilder s = new StringBuilder();
        if (!pkg.isEmpty()) {
            s.append("package ").append(pkg).append(";\n\n");
        }
        s.append("import dev.trackgen.api.runtime.AbstractKernel;\n")
                .append("import dev.trackgen.api.runtime.F32Array;\n")
                .append("import dev.trackgen.api.runtime.I32Array;\n")
                .append("import dev.trackgen.api.runtime.Kernel;\n")
                .append("import dev.trackgen.api.runtime.KernelArgs;\n")
                .append("import dev.trackgen.api.runtime.KernelParam;\n")
                .append("import dev.trackgen.api.runtime.Vec2Array;\n\n");
        s.append("/**\n * Generated from {@link ").append(kernel).append(".Signature} by the kernel-declaration processor")
                .append(" (dev.trackgen.codegen); do not edit.\n *\n * <p>CUDA entry point {@code ").append(entry)
                .append(ptx == null ? "}, a Java body only (no CUDA module)" : "} in {@code " + ptx + "}")
                .append("; parameters in CUDA order:\n * <ol>\n");
        for (Param p : params) {
            s.append(" *   <li>{@code ").append(p.name).append("}: ").append(p.kind.javaType)
                    .append(p.kind.array ? ", " + p.dir.doc : "").append("</li>\n");
        }
        s.append(" * </ol>\n */\n");
        s.append("public abstract class ").append(base).append(" extends AbstractKernel {\n");
        s.append("    /** Binds the kernel's name, PTX module and parameters. */\n");
        s.append("    protected ").append(base).append("() {\n        this(\"").append(entry).append("\");\n    }\n\n");
        s.append("    /**\n     * Binds the PTX module and parameters under another entry name: for a Java-only kernel made\n")
                .append("     * per instance (one per plugin, say), whose name is only known at run time.\n     *\n")
                .append("     * @param name the kernel name\n     */\n");
        s.append("    protected ").append(base).append("(String name) {\n        super(name, ")
                .append(ptx == null ? "null" : '"' + escape(ptx) + '"');
        for (Param p : params) {
            s.append(",\n                new KernelParam(\"").append(p.name).append("\", KernelParam.Type.")
                    .append(p.kind.type).append(", KernelParam.Direction.").append(p.dir.name()).append(')');
        }
        s.append(");\n    }\n\n");
        if (perEnvironment) {
            s.append("    /**\n     * One thread per environment ({@code @KernelSignature(perEnvironment = true)}): small blocks.\n")
                    .append("     *\n     * @return {@link dev.trackgen.api.runtime.LaunchShape#perEnvironment(int)}\n     */\n")
                    .append("    @Override\n    public dev.trackgen.api.runtime.LaunchShape cudaLaunchShape(int dim, KernelArgs args) {\n")
                    .append("        return dev.trackgen.api.runtime.LaunchShape.perEnvironment(dim);\n    }\n\n");
        }
        s.append("    /** @return a fresh, unbound argument binding, to be bound by name when the launch plan is built */\n");
        s.append("    @Override\n    public final Args args() {\n        return new Args(this);\n    }\n\n");
        if (bindingBody) {
            s.append("    @Override\n    public final void run(KernelArgs args, int begin, int end) {\n")
                    .append("        run((Args) args, begin, end);\n    }\n\n");
            s.append("    /**\n     * The Java body: runs launch indices {@code [begin, end)}, reading the arguments from\n")
                    .append("     * the binding by name ({@code @KernelSignature(bindingBody = true)}).\n     *\n")
                    .append("     * @param a the bound arguments\n     * @param begin first index\n     * @param end one past the last index\n     */\n")
                    .append("    protected abstract void run(Args a, int begin, int end);\n\n");
        } else {
            s.append("    @Override\n    public final void run(KernelArgs args, int begin, int end) {\n");
            if (params.isEmpty()) {
                s.append("        run(begin, end);\n    }\n\n");
            } else {
                s.append("        Args a = (Args) args;\n        run(begin, end");
                for (Param p : params) {
                    s.append(",\n                a.").append(p.name).append("()");
                }
                s.append(");\n    }\n\n");
            }
            s.append("    /**\n     * The Java body: runs launch indices {@code [begin, end)} with the bound arguments, in\n")
                    .append("     * declaration order (arrays as their host data: {@code float[]}, {@code int[]}, a\n")
                    .append("     * {@code Vec2Array} as interleaved x, y pairs).\n     *\n")
                    .append("     * @param begin first index\n     * @param end one past the last index\n");
            for (Param p : params) {
                s.append("     * @param ").append(p.name).append(" {@code ").append(p.name).append("}\n");
            }
            s.append("     */\n    protected abstract void run(int begin, int end");
            for (Param p : params) {
                s.append(", ").append(p.kind.hostType).append(' ').append(p.name);
            }
            s.append(");\n\n");
        }
        s.append("    /** The typed binding of {@code ").append(entry).append("}'s arguments. */\n");
        s.append("    public static final class Args extends KernelArgs {\n");
        s.append("        Args(Kernel kernel) {\n            super(kernel);\n        }\n\n");
        s.append("        private Args(Args other) {\n            super(other);\n        }\n\n");
        s.append("        @Override\n        protected Args duplicate() {\n            return new Args(this);\n        }\n");
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            s.append('\n');
            s.append("        /**\n         * @param value {@code ").append(p.name).append("}\n         * @return this binding\n");
            if (p.kind.array) {
                s.append("         * @throws IllegalArgumentException if {@code value} is null\n");
            }
            s.append("         */\n");
            s.append("        public Args ").append(p.name).append('(').append(p.kind.javaType).append(" value) {\n")
                    .append("            set(").append(i).append(", value);\n            return this;\n        }\n\n");
            if (p.kind.array) {
                s.append("        /** @return {@code ").append(p.name).append("}'s host data (CPU runtime)")
                        .append(p.kind == Kind.VEC2 ? ", interleaved x, y pairs" : "").append(" */\n");
                s.append("        public ").append(p.kind.hostType).append(' ').append(p.name).append("() {\n")
                        .append("            return ").append(p.kind.hostGetter).append('(').append(i).append(");\n        }\n\n");
                s.append("        /** @return the bound {@code ").append(p.name).append("} array */\n");
                s.append("        public ").append(p.kind.javaType).append(' ').append(p.name).append("Array() {\n")
                        .append("            return (").append(p.kind.javaType).append(") array(").append(i)
                        .append(");\n        }\n");
            } else {
                s.append("        /** @return {@code ").append(p.name).append("} */\n");
                s.append("        public ").append(p.kind.hostType).append(' ').append(p.name).append("() {\n")
                        .append("            return ").append(p.kind.hostGetter).append('(').append(i).append(");\n        }\n");
            }
        }
        s.append("    }\n}\n");
        try {
            JavaFileObject f = processingEnv.getFiler().createSourceFile(
                    (pkg.isEmpty() ? "" : pkg + ".") + base, owner);
            try (Writer w = f.openWriter()) {
                w.write(s.toString());
            }
        } catch (IOException ex) {
            error(owner, "cannot write " + base + ": " + ex.getMessage());
        }
    }

    private void declareConstant(Element e) {
        if (!(e instanceof VariableElement v) || !v.getModifiers().contains(Modifier.STATIC)
                || !v.getModifiers().contains(Modifier.FINAL) || v.getConstantValue() == null) {
            error(e, "@CudaConstant goes on a static final field with a compile-time constant value");
            return;
        }
        String literal = literal(v.getConstantValue());
        if (literal == null) {
            error(e, "@CudaConstant takes int, long, float, double or boolean constants, not "
                    + v.getConstantValue().getClass().getSimpleName());
            return;
        }
        AnnotationMirror m = mirror(e, CONSTANT);
        String name = (String) value(m, "value", "");
        if (name.isEmpty()) {
            name = "TG_" + v.getSimpleName();
        }
        if (!name.matches("[A-Z_][A-Z0-9_]*")) {
            error(e, "CUDA constant name '" + name + "' is not an upper-case C identifier");
            return;
        }
        String origin = ((TypeElement) v.getEnclosingElement()).getQualifiedName() + "." + v.getSimpleName();
        if (constants.containsKey(name)) {
            error(e, "CUDA constant " + name + " is already defined by " + constantOrigins.get(name));
            return;
        }
        constants.put(name, literal);
        constantOrigins.put(name, origin);
    }

    /** @return the C literal equal to a Java constant, or null for a type C constants cannot take */
    static String literal(Object value) {
        if (value instanceof Integer i) {
            return i < 0 ? "(" + i + ")" : i.toString();
        }
        if (value instanceof Long l) {
            return (l < 0 ? "(" + l + "LL)" : l + "LL");
        }
        if (value instanceof Float f) {
            if (f.isNaN() || f.isInfinite()) {
                return null;
            }
            String r = Float.toString(Math.abs(f)) + "f";
            return f < 0 || (f == 0 && 1 / f < 0) ? "(-" + r + ")" : r;
        }
        if (value instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return null;
            }
            String r = Double.toString(Math.abs(d));
            return d < 0 || (d == 0 && 1 / d < 0) ? "(-" + r + ")" : r;
        }
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        return null;
    }

    /**
     * Writes the module's kernel index: {@code <Module>KernelIndex} (module option {@code
     * trackgen-pipeline} gives {@code PipelineKernelIndex}) in the longest package common to the
     * module's kernels, listing every kernel with a CUDA body and the PTX modules they name, what
     * the twin tests and the runtimes read instead of hand-kept lists.
     */
    private void writeIndex() {
        String module = processingEnv.getOptions().getOrDefault(MODULE_OPTION, "trackgen");
        StringBuilder name = new StringBuilder();
        for (String part : module.replaceFirst("^trackgen-", "").split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1).toLowerCase());
            }
        }
        String cls = name + "KernelIndex";
        String pkg = null;
        java.util.Set<String> ptx = new java.util.TreeSet<>();
        for (String[] k : deviceKernels.values()) {
            pkg = pkg == null ? k[2] : commonPackage(pkg, k[2]);
            ptx.add(k[1]);
        }
        StringBuilder s = new StringBuilder();
        if (!pkg.isEmpty()) {
            s.append("package ").append(pkg).append(";\n\n");
        }
        s.append("import dev.trackgen.api.runtime.Kernel;\n\nimport java.util.List;\n\n");
        s.append("/**\n * The kernels of module ").append(module).append(" that have a CUDA body, and their PTX modules")
                .append(" (generated by the kernel-declaration processor from the module's {@code @KernelSignature}s;")
                .append(" do not edit).\n */\n");
        if (processingEnv.getElementUtils().getTypeElement("org.apiguardian.api.API") != null) {
            // the index serves the module's own tests and runtimes: internal, whatever its package's status
            s.append("@org.apiguardian.api.API(status = org.apiguardian.api.API.Status.INTERNAL, since = \"0.1.0\")\n");
        }
        s.append("public final class ").append(cls).append(" {\n");
        s.append("    /** The PTX resources the kernels name ({@code cudaModule()}), sorted. */\n");
        s.append("    public static final List<String> PTX_MODULES = List.of(");
        String sep = "";
        for (String p : ptx) {
            s.append(sep).append('"').append(escape(p)).append('"');
            sep = ", ";
        }
        s.append(");\n\n    private ").append(cls).append("() {\n    }\n\n");
        s.append("    /** @return every kernel of the module with a CUDA body, by entry-point name */\n");
        s.append("    public static List<Kernel> all() {\n        return List.of(");
        sep = "";
        for (String[] k : deviceKernels.values()) {
            s.append(sep).append("\n                ").append(k[0]).append(".INSTANCE");
            sep = ",";
        }
        s.append(");\n    }\n}\n");
        try {
            JavaFileObject f = processingEnv.getFiler().createSourceFile((pkg.isEmpty() ? "" : pkg + ".") + cls,
                    indexOrigins.toArray(new Element[0]));
            try (Writer w = f.openWriter()) {
                w.write(s.toString());
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write the kernel index of " + module, ex);
        }
    }

    private static String commonPackage(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int n = 0;
        while (n < x.length && n < y.length && x[n].equals(y[n])) {
            n++;
        }
        return String.join(".", java.util.Arrays.asList(x).subList(0, n));
    }

    private void writeHeader() {
        String module = processingEnv.getOptions().getOrDefault(MODULE_OPTION, "trackgen");
        String stem = module.replaceAll("[^A-Za-z0-9]", "_").toLowerCase();
        String guard = stem.toUpperCase() + "_KERNELS_H";
        StringBuilder h = new StringBuilder();
        h.append("/* Generated by the kernel-declaration processor (dev.trackgen.codegen) from the Java declarations\n")
                .append(" * of module ").append(module).append("; do not edit. Include it in every .cu file of the module:\n")
                .append(" * a CUDA body whose signature differs from its declaration does not compile. */\n");
        h.append("#ifndef ").append(guard).append("\n#define ").append(guard).append("\n\n");
        if (!constants.isEmpty()) {
            // before the toolkit header: trackgen_kernel.cuh uses api's constants (it includes
            // api's header itself, which then finds them already defined whichever is included first)
            h.append("/* constants shared with Java (@CudaConstant) */\n");
            for (Map.Entry<String, String> c : constants.entrySet()) {
                h.append("#define ").append(c.getKey()).append(' ').append(c.getValue())
                        .append(" /* ").append(constantOrigins.get(c.getKey())).append(" */\n");
            }
            h.append('\n');
        }
        h.append("#include \"trackgen_kernel.cuh\"\n\n");
        if (!prototypes.isEmpty()) {
            h.append("/* kernels (@KernelSignature); launch convention: trackgen_kernel.cuh */\n");
            for (String p : prototypes.values()) {
                h.append(p).append('\n');
            }
            h.append('\n');
        }
        h.append("#endif\n");
        try {
            FileObject f = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                    "trackgen-cuda/" + stem + "_kernels.h");
            try (Writer w = f.openWriter()) {
                w.write(h.toString());
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write the CUDA header of " + module, ex);
        }
    }

    private static AnnotationMirror mirror(Element e, String type) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(type)) {
                return m;
            }
        }
        return null;
    }

    private static Object value(AnnotationMirror m, String name, Object fallback) {
        if (m == null) {
            return fallback;
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : m.getElementValues().entrySet()) {
            if (v.getKey().getSimpleName().contentEquals(name)) {
                return v.getValue().getValue();
            }
        }
        return fallback;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Kinds of kernel parameters, with their Java and C spellings. */
    enum Kind {
        INT(false, "INT", "int", "int", "intValue", "int"),
        FLOAT(false, "FLOAT", "float", "float", "floatValue", "float"),
        F32(true, "F32_ARRAY", "F32Array", "float[]", "f32", "float*"),
        I32(true, "I32_ARRAY", "I32Array", "int[]", "i32", "int*"),
        VEC2(true, "VEC2_ARRAY", "Vec2Array", "float[]", "vec2", "float2*");

        final boolean array;
        final String type;
        final String javaType;
        final String hostType;
        final String hostGetter;
        final String cType;

        Kind(boolean array, String type, String javaType, String hostType, String hostGetter, String cType) {
            this.array = array;
            this.type = type;
            this.javaType = javaType;
            this.hostType = hostType;
            this.hostGetter = hostGetter;
            this.cType = cType;
        }
    }

    /** Directions of array parameters. */
    enum Dir {
        IN("In", "read only"),
        OUT("Out", "written"),
        IN_OUT("InOut", "read and written");

        final String annotation;
        final String doc;

        Dir(String annotation, String doc) {
            this.annotation = annotation;
            this.doc = doc;
        }
    }

    private record Param(String name, Kind kind, Dir dir) {
    }
}
