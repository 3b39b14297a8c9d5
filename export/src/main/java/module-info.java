/**
 * Tracks in the formats simulators read: F1TENTH / ROS {@code map_server} occupancy maps with their
 * YAML, the TUM racetrack-database centerline CSV, AWS DeepRacer waypoint arrays ({@code .npy}),
 * road meshes as glTF 2.0 binary ({@code .glb}) and Wavefront OBJ, and the cone tracks of FSDS
 * (CSV) and FSSIM (Gazebo SDF and YAML). Each writer takes one track
 * of a {@link dev.trackgen.api.TrackSnapshot} in metres ({@link dev.trackgen.export.WorldTrack})
 * and writes one file to the path it is given; choosing paths, temporary names and indexes is the
 * caller's business.
 */
module dev.trackgen.export {
    requires transitive dev.trackgen.api;
    requires transitive dev.trackgen.gates;
    requires transitive dev.trackgen.pipeline;
    requires java.desktop;
    requires java.xml;
    // org.jetbrains.bio:npy and de.javagl:jgltf-* have no module descriptor nor Automatic-Module-Name;
    // their module names come from the jar file names (npy-0.3.5.jar -> npy, jgltf-model-2.0.4.jar ->
    // jgltf.model, ...).
    requires npy;
    requires kotlin.stdlib;
    requires jgltf.model;
    requires jgltf.model.builder;

    exports dev.trackgen.export;

    uses dev.trackgen.export.ExportFormat;
    provides dev.trackgen.export.ExportFormat with dev.trackgen.export.F1tenthFormat, dev.trackgen.export.TumFormat,
            dev.trackgen.export.DeepRacerFormat, dev.trackgen.export.GltfFormat, dev.trackgen.export.ObjFormat,
            dev.trackgen.export.FsdsFormat, dev.trackgen.export.FssimFormat,
            dev.trackgen.export.HeightfieldFormat, dev.trackgen.export.MjcfFormat, dev.trackgen.export.TerrainFormat;
}
