package dev.trackgen.cli.job;

import dev.trackgen.export.UpAxis;

import java.nio.file.Path;

/**
 * The gate-course exports one {@code trackgen gates} run was asked for (docs/gates.md, "Exports").
 * Each folder is created with its missing parents; one that exists and is not empty is refused
 * unless {@code force}.
 *
 * @param lsyDir         folder for one lsy_drone_racing TOML per valid env, or {@code null}
 * @param lsyScale       metres per world unit in the TOML files, finite and {@code > 0}
 * @param gltfDir        folder for one {@code .glb} scene per valid env, or {@code null}
 * @param gltfScale      metres per world unit in the scenes, finite and {@code > 0}
 * @param up             the scenes' up axis
 * @param frameThickness gate frame member thickness, world units, {@code > 0}
 * @param frameDepth     gate frame member depth along the gate's forward axis, world units, {@code > 0}
 * @param lineRadius     course-line tube radius, world units, {@code > 0}
 * @param force          write into non-empty folders, replacing files of the same names
 */
public record GateExportRequest(Path lsyDir, double lsyScale, Path gltfDir, double gltfScale, UpAxis up,
                                double frameThickness, double frameDepth, double lineRadius, boolean force) {
    /** No export. */
    public static final GateExportRequest NONE = new GateExportRequest(null, 1, null, 1, UpAxis.Y, 0.02, 0.02, 0.004,
            false);
}
