package dev.trackgen.pipeline;

import dev.trackgen.api.TrackSnapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * An independent check of a batch's elevation arrays, in double precision from the snapshot's
 * floats: it shares no code with the elevation kernel. For one env it lists every bound a valid
 * track must hold and does not: heights within {@code [zMin, zMax]}, the centerline grade of every
 * edge (closing edge included) over the plan-view chord within {@code grade}, every bank within
 * {@code bankMax}, border heights at {@code z -+ w tan(bank)}, the 3D arc length and the unit 3D
 * tangent, NaN past the count.
 */
final class ElevationAudit {
    /** Relative slack for float rounding of the kernel's float arithmetic. */
    static final double REL = 1e-4;

    private ElevationAudit() {
    }

    /** The largest centerline grade of env {@code e}, edge by edge over the plan-view chord, in double. */
    static double maxGrade(TrackSnapshot s, int e) {
        int n = s.count()[e];
        int b = e * s.nMax();
        double worst = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ds = Math.hypot((double) s.center()[2 * (b + j)] - s.center()[2 * (b + i)],
                    (double) s.center()[2 * (b + j) + 1] - s.center()[2 * (b + i) + 1]);
            double dz = (double) s.centerZ()[b + j] - s.centerZ()[b + i];
            worst = Math.max(worst, Math.abs(dz) / ds);
        }
        return worst;
    }

    /**
     * @param zMin     lower bound, or NaN for none (the knob's value as the stage reads it: a float)
     * @param zMax     upper bound, or NaN for none
     * @param grade    grade bound, 0 for none
     * @param bankMax  bank bound, radians
     * @return the violations of env {@code e} (the first six), empty when it holds every bound
     */
    static List<String> violations(TrackSnapshot s, int e, double zMin, double zMax, double grade, double bankMax) {
        List<String> bad = new ArrayList<>();
        int n = s.count()[e];
        int nMax = s.nMax();
        int b = e * nMax;
        double acc = 0;
        for (int i = 0; i < n; i++) {
            int t = b + i;
            double z = s.centerZ()[t];
            if (!(z >= zMin) && !Double.isNaN(zMin) || !(z <= zMax) && !Double.isNaN(zMax) || Double.isNaN(z)) {
                bad.add("env " + e + " point " + i + ": z = " + z + " outside [" + zMin + ", " + zMax + "]");
            }
            double bank = s.bank()[t];
            if (!(Math.abs(bank) <= bankMax * (1 + 1e-6))) {
                bad.add("env " + e + " point " + i + ": bank " + bank + " beyond " + bankMax);
            }
            // which border lies on the +normal side
            double ox = s.outer()[2 * t] - s.center()[2 * t];
            double oy = s.outer()[2 * t + 1] - s.center()[2 * t + 1];
            boolean outerLeft = ox * s.normal()[2 * t] + oy * s.normal()[2 * t + 1] > 0;
            double tb = Math.tan(bank);
            double zl = z - s.leftHalfWidth()[t] * tb;
            double zr = z + s.rightHalfWidth()[t] * tb;
            double zo = outerLeft ? zl : zr;
            double zi = outerLeft ? zr : zl;
            double tol = 1e-5 * (1 + Math.abs(z) + s.leftHalfWidth()[t] + s.rightHalfWidth()[t]);
            if (Math.abs(s.outerZ()[t] - zo) > tol || Math.abs(s.innerZ()[t] - zi) > tol) {
                bad.add("env " + e + " point " + i + ": border heights " + s.outerZ()[t] + ", " + s.innerZ()[t]
                        + " expected " + zo + ", " + zi);
            }
            if (Math.abs(s.arclen3d()[t] - acc) > REL * (1 + acc)) {
                bad.add("env " + e + " point " + i + ": arclen3d " + s.arclen3d()[t] + " expected " + acc);
            }
            int j = (i + 1) % n;
            double dx = (double) s.center()[2 * (b + j)] - s.center()[2 * t];
            double dy = (double) s.center()[2 * (b + j) + 1] - s.center()[2 * t + 1];
            double ds = Math.hypot(dx, dy);
            double dz = (double) s.centerZ()[b + j] - z;
            acc += Math.sqrt(ds * ds + dz * dz);
            if (grade > 0 && Math.abs(dz) > grade * ds * (1 + REL)) {
                bad.add("env " + e + " edge " + i + ": grade " + Math.abs(dz) / ds + " above " + grade);
            }
            double tx = s.tangent3d()[3 * t];
            double ty = s.tangent3d()[3 * t + 1];
            double tz = s.tangent3d()[3 * t + 2];
            if (Math.abs(Math.sqrt(tx * tx + ty * ty + tz * tz) - 1) > 1e-5
                    || tx * s.tangent()[2 * t] + ty * s.tangent()[2 * t + 1] < 0) {
                bad.add("env " + e + " point " + i + ": 3D tangent (" + tx + ", " + ty + ", " + tz + ")");
            }
        }
        if (Math.abs(s.length3d()[e] - acc) > REL * (1 + acc)) {
            bad.add("env " + e + ": length3d " + s.length3d()[e] + " expected " + acc);
        }
        if (bad.size() > 6) {
            bad.subList(6, bad.size()).clear();
        }
        for (int i = n; i < nMax; i++) {
            if (!Float.isNaN(s.centerZ()[b + i]) || !Float.isNaN(s.outerZ()[b + i]) || !Float.isNaN(s.innerZ()[b + i])
                    || !Float.isNaN(s.bank()[b + i]) || !Float.isNaN(s.arclen3d()[b + i])
                    || !Float.isNaN(s.tangent3d()[3 * (b + i) + 2])) {
                bad.add("env " + e + " slot " + i + " past the count is not NaN");
                break;
            }
        }
        return bad;
    }
}
