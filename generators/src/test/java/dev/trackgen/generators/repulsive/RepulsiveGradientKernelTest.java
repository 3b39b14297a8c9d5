package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The analytic gradient against central differences of a plain double-precision energy. */
class RepulsiveGradientKernelTest {

    /** E_TP + E_obs + E_len of one closed loop, straight from the definitions, in double. */
    static double energy(double[] x, int n, double alpha, double beta, double eps, double[] obs, double[] w,
                         int m, double pExp, double lTarget, double lInit, double wLen) {
        double[] tx = new double[n];
        double[] ty = new double[n];
        double[] wd = new double[n];
        double per = 0;
        for (int i = 0; i < n; i++) {
            int ip = (i + n - 1) % n;
            int in = (i + 1) % n;
            double ux = x[2 * in] - x[2 * ip];
            double uy = x[2 * in + 1] - x[2 * ip + 1];
            double l = Math.max(Math.hypot(ux, uy), 1e-8);
            tx[i] = ux / l;
            ty[i] = uy / l;
            double lf = Math.hypot(x[2 * in] - x[2 * i], x[2 * in + 1] - x[2 * i + 1]);
            double lb = Math.hypot(x[2 * i] - x[2 * ip], x[2 * i + 1] - x[2 * ip + 1]);
            wd[i] = 0.5 * (lf + lb);
            per += lf;
        }
        double e = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int d = Math.abs(i - j);
                if (Math.min(d, n - d) <= 2) {
                    continue;
                }
                double dx = x[2 * j] - x[2 * i];
                double dy = x[2 * j + 1] - x[2 * i + 1];
                double wedge = dx * ty[i] - dy * tx[i];
                e += Math.pow(Math.abs(wedge) + eps, alpha) / Math.pow(dx * dx + dy * dy + eps * eps, beta / 2)
                        * wd[i] * wd[j];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < m; k++) {
                if (w[k] != 0) {
                    double dx = x[2 * i] - obs[2 * k];
                    double dy = x[2 * i + 1] - obs[2 * k + 1];
                    e += w[k] * Math.pow(dx * dx + dy * dy + 1e-8, pExp);
                }
            }
        }
        double r = (per - lTarget) / lInit;
        return e + wLen * r * r;
    }

    @ParameterizedTest
    @CsvSource({"3.0, 6.0", "2.0, 4.5"})
    void gradientMatchesFiniteDifferencesOfTheEnergy(float alpha, float beta) {
        int n = 24;
        int m = 5;
        Random r = new Random(7);
        double[] x = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            double rad = 0.5 + 0.15 * Math.sin(3 * a) + 0.02 * r.nextGaussian();
            x[2 * i] = rad * Math.cos(a);
            x[2 * i + 1] = rad * Math.sin(a);
        }
        double[] obs = new double[2 * m];
        double[] w = new double[m];
        for (int k = 0; k < m; k++) {
            double a = 2 * Math.PI * k / m + 0.3;
            obs[2 * k] = 1.1 * Math.cos(a);
            obs[2 * k + 1] = 1.1 * Math.sin(a);
            w[k] = k == 3 ? 0 : 0.2 + 0.1 * k;
        }
        double eps = 1e-4;
        double pExp = -(beta - alpha) / 2.0;
        double lTarget = 3.9;
        double lInit = 2.0;
        double wLen = 30.0;

        HostVec2Array center = vec(x);
        HostVec2Array obsArr = vec(obs);
        HostF32Array wArr = new HostF32Array(m);
        for (int k = 0; k < m; k++) {
            wArr.data()[k] = (float) w[k];
        }
        HostF32Array lt = new HostF32Array(1);
        lt.data()[0] = (float) lTarget;
        HostF32Array li = new HostF32Array(1);
        li.data()[0] = (float) lInit;
        HostVec2Array grad = new HostVec2Array(n);
        RepulsiveGradientKernel.INSTANCE.run(RepulsiveGradientKernel.INSTANCE.args().center(center).n(n).alpha(alpha)
                .beta(beta).eps((float) eps).obs(obsArr).obsW(wArr).M(m).pExp((float) pExp).nWall(2).deactivate(1)
                .lTarget(lt).lInit(li).wLen((float) wLen).reached(new HostI32Array(1)).frozen(new HostI32Array(1))
                .tang(new HostVec2Array(n)).wd(new HostF32Array(n)).wcoef(new HostF32Array(n))
                .acc(new HostVec2Array(n)).peri(new HostF32Array(1)).grad(grad), 0, 1);

        double h = 1e-6;
        double scale = 0;
        double worst = 0;
        for (int k = 0; k < 2 * n; k++) {
            double[] xp = x.clone();
            double[] xm = x.clone();
            xp[k] += h;
            xm[k] -= h;
            double fd = (energy(xp, n, alpha, beta, eps, obs, w, m, pExp, lTarget, lInit, wLen)
                    - energy(xm, n, alpha, beta, eps, obs, w, m, pExp, lTarget, lInit, wLen)) / (2 * h);
            scale = Math.max(scale, Math.abs(fd));
            worst = Math.max(worst, Math.abs(fd - grad.data()[k]));
        }
        assertTrue(worst <= 2e-3 * scale, "largest deviation " + worst + " of gradient scale " + scale);
    }

    private static HostVec2Array vec(double[] xy) {
        HostVec2Array a = new HostVec2Array(xy.length / 2);
        for (int k = 0; k < xy.length; k++) {
            a.data()[k] = (float) xy[k];
        }
        return a;
    }
}
