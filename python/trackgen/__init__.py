"""TrackGen for the JVM from Python: batches of closed-loop race tracks as numpy arrays.

    import trackgen
    with trackgen.TrackGenerator("bezier", envs=4096, seed=0) as gen:
        tracks = gen.generate()          # tracks.center: float32 [4096, N_max, 2]

The jars come from ``TRACKGEN_JARS`` or the repository's built product (docs/python.md).
"""

from ._jvm import TrackGenError, find_jars, start
from .course import Course, TrackRaceVecEnv
from .generator import TrackGenerator, Tracks

__all__ = ["Course", "TrackGenerator", "TrackRaceVecEnv", "Tracks", "TrackGenError", "find_jars", "start"]
