"""The TrackGenerator facade from Python: a fixed batch, numpy arrays, masked regeneration."""

from collections import namedtuple

import jpype
import numpy as np

from . import _checks, _jvm
from ._jvm import TrackGenError

Tracks = namedtuple("Tracks", "center outer inner tangent normal arclen left_half_width right_half_width length "
                   "winding valid count center_z outer_z inner_z bank arclen_3d tangent_3d length_3d")
Tracks.__doc__ = """One batch as numpy arrays (copies, one bulk copy per array per call).

center, outer, inner, tangent, normal: float32 [E, N_max, 2], NaN past count[e];
arclen: float32 [E, N_max]; left_half_width, right_half_width: float32 [E, N_max] (distance to the
+normal and -normal border, NaN past count[e]); length, winding: float32 [E]; valid: bool [E];
count: int32 [E].
Elevation (docs/elevation.md; the npz names): center_z, outer_z, inner_z: float32 [E, N_max] heights
of the centerline and border points (z_base, 0 by default, on a flat track); bank: float32
[E, N_max] bank angle, radians; arclen_3d: float32 [E, N_max] cumulative 3D arc length (arclen
bit for bit when flat); tangent_3d: float32 [E, N_max, 3] unit 3D tangent; length_3d: float32 [E]
closed 3D length. All NaN past count[e].
"""


def _java_message(e):
    try:
        return str(e.getMessage())
    except Exception:  # pragma: no cover - a Java exception without a message
        return str(e)


def java_generator(generator, envs, runtime, threads, knobs, rng):
    """A Java TrackGenerator owning a runtime made from ``runtime`` and ``threads``; JVM started."""
    from dev.trackgen.api.config import TrackGenConfig
    from dev.trackgen.api.runtime import RuntimeOptions
    from dev.trackgen.registry import TrackGenLauncher

    if not isinstance(generator, str) or not isinstance(runtime, str):
        raise TrackGenError("generator and runtime are names (strings), got %r and %r" % (generator, runtime))
    threads = _checks.integer(threads, "threads", 0)
    envs = _checks.integer(envs, "envs", 1)
    launcher = TrackGenLauncher.discover().withOptions(RuntimeOptions.defaults().withThreads(threads))
    b = TrackGenConfig.builder().generator(launcher.generator(generator)).numEnvs(envs).runtime(runtime)
    for name, value in knobs.items():
        b.set(name, str(value).lower() if isinstance(value, bool) else str(value))
    return launcher.builder(b.build()).rng(rng).build()


class TrackGenerator:
    """A batch of ``envs`` tracks, regenerated in place by every call (the Java facade's contract).

    Args:
        generator: a generator name (``bezier``, ``hull``, ``polar``, ... or a plugin's).
        envs: the batch size E.
        seed: env e is seeded with ``seed + e``.
        runtime: ``cpu``, ``cuda`` or ``auto``.
        threads: CPU worker threads (0: one per processor).
        **knobs: any knob by its name, as on the command line (``half_width=0.12``).

    Raises:
        TrackGenError: with the Java message, for an unknown generator or runtime, a bad knob value.
    """

    def __init__(self, generator="bezier", envs=64, seed=0, runtime="cpu", threads=0, **knobs):
        _jvm.start()
        from dev.trackgen.api import PerEnvSeededRng

        envs = _checks.integer(envs, "envs", 1)
        seed = _checks.integer(seed, "seed")
        try:
            self._rng = PerEnvSeededRng.fromScalar(envs, seed)
            self._gen = java_generator(generator, envs, runtime, threads, knobs, self._rng)
            config = self._gen.config()
        except jpype.JException as e:
            raise TrackGenError(_java_message(e)) from None
        self.envs = int(envs)
        self.n_max = int(config.nMax())
        self._mask = None
        self._mask_host = jpype.JArray(jpype.JInt)(self.envs)
        from dev.trackgen.api import TrackSnapshot
        self._snapshot = TrackSnapshot(self.envs, self.n_max)

    def generate(self):
        """Regenerates every env from its current seed; returns the batch (see ``Tracks``)."""
        return self._call(lambda: self._gen.generate())

    def regenerate(self, mask):
        """Regenerates only the envs where ``mask`` (bool or int [E]) is set, from their current seeds."""
        m = _checks.mask(mask, self.envs)
        self._open()
        if self._mask is None:
            self._mask = self._gen.runtime().allocI32(self.envs)
        self._mask_host[:] = m
        return self._call(lambda: (self._gen.runtime().upload(self._mask_host, self._mask), self._gen.generate(self._mask)))

    def reseed(self, envs, seeds):
        """Gives envs ``envs`` the seeds ``seeds`` (two int sequences) for the next call."""
        self._open()
        ids = _checks.seeds(envs, "env ids")
        e = jpype.JArray(jpype.JInt)(ids)
        s = jpype.JArray(jpype.JInt)(_checks.seeds(seeds, "seeds", len(ids)))
        try:
            self._rng.reseed(e, s)
        except jpype.JException as ex:
            raise TrackGenError(_java_message(ex)) from None

    def _open(self):
        if self._gen is None:
            raise TrackGenError("this TrackGenerator is closed")

    def _call(self, run):
        self._open()
        try:
            run()
            self._gen.track().snapshotInto(self._snapshot)
        except jpype.JException as e:
            raise TrackGenError(_java_message(e)) from None
        s = self._snapshot
        e, n = self.envs, self.n_max

        def pairs(a):
            return np.array(a, dtype=np.float32).reshape(e, n, 2)

        def rows(a):
            return np.array(a, dtype=np.float32).reshape(e, n)

        return Tracks(center=pairs(s.center()), outer=pairs(s.outer()), inner=pairs(s.inner()),
                      tangent=pairs(s.tangent()), normal=pairs(s.normal()),
                      arclen=np.array(s.arclen(), dtype=np.float32).reshape(e, n),
                      left_half_width=np.array(s.leftHalfWidth(), dtype=np.float32).reshape(e, n),
                      right_half_width=np.array(s.rightHalfWidth(), dtype=np.float32).reshape(e, n),
                      length=np.array(s.length(), dtype=np.float32), winding=np.array(s.winding(), dtype=np.float32),
                      valid=np.array(s.valid(), dtype=np.int32) != 0, count=np.array(s.count(), dtype=np.int32),
                      center_z=rows(s.centerZ()), outer_z=rows(s.outerZ()), inner_z=rows(s.innerZ()),
                      bank=rows(s.bank()), arclen_3d=rows(s.arclen3d()),
                      tangent_3d=np.array(s.tangent3d(), dtype=np.float32).reshape(e, n, 3),
                      length_3d=np.array(s.length3d(), dtype=np.float32))

    def close(self):
        """Releases the Java generator (and the runtime it made)."""
        if self._gen is not None:
            self._gen.close()
            self._gen = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
