package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.IdentityHashMap;
import java.util.Map;

/** Runs CUDA bodies on a real GPU for {@link Twins}: uploads the words, launches, downloads. */
final class GpuRunner implements Twins.BodyRunner {
    private final CudaRuntime rt;

    GpuRunner(CudaRuntime rt) {
        this.rt = rt;
    }

    @Override
    public void run(Kernel k, int dim, LaunchShape shape, Object[] args) {
        Map<int[], DeviceArray> device = new IdentityHashMap<>();
        KernelArgs a = KernelArgs.of(k);
        for (int i = 0; i < args.length; i++) {
            KernelParam.Type t = k.params().get(i).type();
            if (args[i] instanceof int[] w) {
                DeviceArray d = device.computeIfAbsent(w, x -> upload(t, x));
                a.set(i, d);
            } else if (args[i] instanceof Integer v) {
                a.set(i, v.intValue());
            } else {
                a.set(i, ((Float) args[i]).floatValue());
            }
        }
        rt.launch(k, dim, a);
        rt.synchronize();
        for (Map.Entry<int[], DeviceArray> e : device.entrySet()) {
            int[] w = e.getKey();
            DeviceArray d = e.getValue();
            if (d instanceof I32Array ia) {
                rt.download(ia, w);
            } else {
                float[] f = new float[w.length];
                if (d instanceof F32Array fa) {
                    rt.download(fa, f);
                } else {
                    rt.download((Vec2Array) d, f);
                }
                for (int j = 0; j < f.length; j++) {
                    w[j] = Float.floatToRawIntBits(f[j]);
                }
            }
        }
    }

    private DeviceArray upload(KernelParam.Type t, int[] w) {
        if (t == KernelParam.Type.I32_ARRAY) {
            I32Array a = rt.allocI32(w.length);
            rt.upload(w, a);
            return a;
        }
        float[] f = new float[w.length];
        for (int j = 0; j < f.length; j++) {
            f[j] = Float.intBitsToFloat(w[j]);
        }
        if (t == KernelParam.Type.F32_ARRAY) {
            F32Array a = rt.allocF32(w.length);
            rt.upload(f, a);
            return a;
        }
        Vec2Array a = rt.allocVec2(w.length / 2);
        rt.upload(f, a);
        return a;
    }
}
