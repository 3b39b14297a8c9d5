"""The Course (the sim loop: localization, progress, off-road, per-env regeneration) from Python,
and a vectorized environment over it with the Gymnasium VectorEnv shape."""

import math

import jpype
import numpy as np

from . import _checks, _jvm
from ._jvm import TrackGenError
from .generator import _java_message, java_generator

StepResult = dict  # keys: s, n, segment, on_road, lap_completed, off_road (numpy, one entry per car)


class Course:
    """``envs`` tracks with ``agents`` cars each: ``generate()`` places the cars on the start grid,
    ``step(position, heading)`` localizes the cars the simulation moved, ``regenerate(mask)`` gives
    the masked envs new tracks (from their current seeds, or ``seeds``) and respawns their cars.

    Arrays are numpy: positions float32 [E * A, 2], headings float32 [E * A] (radians), per car in
    env-major order; one bulk copy each way per call.
    """

    def __init__(self, generator="bezier", envs=16, seed=0, agents=1, runtime="cpu", threads=0,
                 off_road="segments", **knobs):
        _jvm.start()
        from dev.trackgen.api import PerEnvSeededRng, TrackSnapshot
        from dev.trackgen.course import Course as JavaCourse
        from dev.trackgen.course import CourseConfig
        from dev.trackgen.course.collision import OffRoadOptions

        envs = _checks.integer(envs, "envs", 1)
        agents = _checks.integer(agents, "agents", 1)
        seed = _checks.integer(seed, "seed")
        if off_road not in ("segments", "sdf", None):
            raise TrackGenError("off_road must be 'segments', 'sdf' or None, got %r" % (off_road,))
        try:
            rng = PerEnvSeededRng.fromScalar(envs, seed)
            gen = java_generator(generator, envs, runtime, threads, knobs, rng)
            cc = CourseConfig.builder().agents(int(agents))
            cc.offRoad({"segments": OffRoadOptions.segments(), "sdf": OffRoadOptions.sdf(), None: None}[off_road])
            self._course = JavaCourse.create(gen, cc.build())
            self._poses = self._course.allocatePoses()
            self._course.bind(self._poses)
        except jpype.JException as e:
            raise TrackGenError(_java_message(e)) from None
        self.envs = int(envs)
        self.agents = int(agents)
        self.half_width = float(gen.config().halfWidth())
        cars = self.envs * self.agents
        self._rt = self._course.runtime()
        self._rng = rng
        self._pos = jpype.JArray(jpype.JFloat)(2 * cars)
        self._head = jpype.JArray(jpype.JFloat)(cars)
        self._f = jpype.JArray(jpype.JFloat)(cars)
        self._i = jpype.JArray(jpype.JInt)(cars)
        self._mask = self._rt.allocI32(self.envs)
        self._mask_host = jpype.JArray(jpype.JInt)(self.envs)
        self._snapshot = TrackSnapshot(self.envs, int(gen.config().nMax()))
        self.tangent = self.length = self.valid = None

    def _tracks(self):
        s = self._snapshot
        self._course.track().snapshotInto(s)
        self.tangent = np.array(s.tangent(), dtype=np.float32).reshape(self.envs, s.nMax(), 2)
        self.length = np.array(s.length(), dtype=np.float32)
        self.valid = np.array(s.valid(), dtype=np.int32) != 0

    def _open(self):
        if self._course is None:
            raise TrackGenError("this Course is closed")

    def poses(self):
        """Returns (position [E * A, 2], heading [E * A]) of every car, as the course holds them."""
        self._open()
        self._rt.download(self._poses.position(), self._pos)
        self._rt.download(self._poses.heading(), self._head)
        return (np.array(self._pos, dtype=np.float32).reshape(-1, 2), np.array(self._head, dtype=np.float32))

    def generate(self, seeds=None):
        """New tracks for every env, from ``seeds`` (one per env) if given, else the current seeds;
        cars on the start grid. Returns ``poses()``."""
        self._open()
        if seeds is not None:
            self._rng.reseed(jpype.JArray(jpype.JInt)(_checks.seeds(seeds, "seeds", self.envs)))
        self._call(self._course.generate)
        self._tracks()
        return self.poses()

    def regenerate(self, mask, seeds=None):
        """New tracks for the envs set in ``mask`` ([E] bool), from ``seeds`` (one per masked env) if
        given, else their current seeds; their cars respawn on the grid. Returns ``poses()``."""
        m = _checks.mask(mask, self.envs)
        self._open()
        if seeds is not None:
            ids = np.flatnonzero(m)
            s = _checks.seeds(seeds, "seeds")
            if len(s) != len(ids):
                raise TrackGenError("%d seeds for %d masked envs" % (len(s), len(ids)))
            self._rng.reseed(jpype.JArray(jpype.JInt)(ids.tolist()), jpype.JArray(jpype.JInt)(s))
        self._mask_host[:] = m

        def run():
            self._rt.upload(self._mask_host, self._mask)
            self._course.regenerate(self._mask)
        self._call(run)
        self._tracks()
        return self.poses()

    def reset(self, mask):
        """Respawns the cars of the envs set in ``mask`` ([E] bool) on their grid slots, keeping their
        tracks (a new episode on the same track). Returns ``poses()``."""
        m = _checks.mask(mask, self.envs)
        self._open()
        self._mask_host[:] = m

        def run():
            self._rt.upload(self._mask_host, self._mask)
            self._course.reset(self._mask)
        self._call(run)
        return self.poses()

    def step(self, position, heading):
        """Localizes the cars at ``position`` [E * A, 2] and ``heading`` [E * A]; returns a dict of
        numpy arrays per car: ``s`` (arc length along the centerline), ``n`` (signed lateral offset),
        ``segment``, ``on_road``, ``lap_completed`` (bool) and ``off_road`` (bool; the off-road
        check's when it is on, else not ``on_road``)."""
        self._open()
        cars = self.envs * self.agents
        p = _checks.array(position, (cars, 2), "position")
        h = _checks.array(heading, (cars,), "heading")
        self._pos[:] = np.ascontiguousarray(p).reshape(-1)
        self._head[:] = np.ascontiguousarray(h)

        def run():
            self._rt.upload(self._pos, self._poses.position())
            self._rt.upload(self._head, self._poses.heading())
            return self._course.step()
        r = self._call(run)
        frame = r.frame()
        out = {"s": self._f32(frame.s()), "n": self._f32(frame.n()), "segment": self._i32(frame.segment()),
               "on_road": self._i32(frame.onRoad()) != 0, "lap_completed": self._i32(r.events().lapCompleted()) != 0}
        contacts = r.contacts()
        out["off_road"] = (self._i32(contacts.get().offRoad()) != 0) if contacts.isPresent() else ~out["on_road"]
        # a car at a non-finite pose is nowhere: the off-road check skips it as an inactive box
        out["off_road"] |= ~(np.isfinite(p).all(axis=1) & np.isfinite(h))
        return out

    def _f32(self, a):
        self._rt.download(a, self._f)
        return np.array(self._f, dtype=np.float32)

    def _i32(self, a):
        self._rt.download(a, self._i)
        return np.array(self._i, dtype=np.int32)

    @staticmethod
    def _call(run):
        try:
            return run()
        except jpype.JException as e:
            raise TrackGenError(_java_message(e)) from None

    def close(self):
        """Closes the course, its generator and the runtime they made."""
        if self._course is not None:
            self._course.close()
            self._course = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


try:  # the Gymnasium base class where Gymnasium is installed; a plain class otherwise
    from gymnasium.vector import VectorEnv as _VectorEnvBase
except ImportError:  # pragma: no cover - depends on the environment
    _VectorEnvBase = object


class TrackRaceVecEnv(_VectorEnvBase):
    """``num_envs`` cars, one per generated track, with the Gymnasium VectorEnv shape: ``reset(seed)``
    and ``step(actions)`` returning observations, rewards, terminations, truncations, infos, with
    autoreset (an env that ended gets a new track from a new seed and its car respawns; the
    observation returned for it is its new episode's first).

    The car is a kinematic bicycle: action [E, 2] in [-1, 1] is (steering, acceleration); speed in
    [0, ``max_speed``] track units per second, wheelbase ``wheelbase``, time step ``dt``.
    Observation [E, 4] float32: lateral offset / half-width, cos and sin of the heading relative to
    the track's tangent, speed / max speed. Reward: arc length gained along the centerline this step
    (track units), -1 on leaving the road. An episode terminates off the road or at a completed lap,
    and is truncated after ``max_steps`` steps (or at once on a track the validity gate refused).
    """

    def __init__(self, num_envs=16, generator="bezier", seed=0, max_steps=500, dt=0.05, max_speed=1.5,
                 wheelbase=0.05, max_steer=0.6, accel=2.0, **knobs):
        self.num_envs = int(num_envs)
        self.course = Course(generator, envs=num_envs, seed=seed, agents=1, **knobs)
        self._next_seed = int(seed) + self.num_envs
        self.max_steps, self.dt, self.max_speed = int(max_steps), float(dt), float(max_speed)
        self.wheelbase, self.max_steer, self.accel = float(wheelbase), float(max_steer), float(accel)
        self.speed = np.zeros(self.num_envs, dtype=np.float32)
        self.steps = np.zeros(self.num_envs, dtype=np.int64)
        self.episodes = 0
        self._pos = self._head = self._s = None
        self._fresh = np.ones(self.num_envs, dtype=bool)
        self.metadata = {"autoreset_mode": "next-step-free"}
        if _VectorEnvBase is not object:  # Gymnasium's spaces, where Gymnasium is installed
            from gymnasium import spaces
            from gymnasium.vector.utils import batch_space
            self.single_observation_space = spaces.Box(-np.inf, np.inf, (4,), np.float32)
            self.single_action_space = spaces.Box(-1.0, 1.0, (2,), np.float32)
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)

    def _observe(self, r):
        t = self.course.tangent[np.arange(self.num_envs), np.clip(r["segment"], 0, self.course.tangent.shape[1] - 1)]
        dpsi = self._head - np.arctan2(t[:, 1], t[:, 0])
        obs = np.stack([r["n"] / self.course.half_width, np.cos(dpsi), np.sin(dpsi), self.speed / self.max_speed], axis=1)
        return np.nan_to_num(obs.astype(np.float32), nan=0.0, posinf=0.0, neginf=0.0)

    def reset(self, seed=None, options=None):
        """New tracks for every env (seeds ``seed + e`` when given), cars on the grid; returns (obs, infos)."""
        if seed is not None:
            self._pos, self._head = self.course.generate([int(seed) + e for e in range(self.num_envs)])
            self._next_seed = int(seed) + self.num_envs
        else:
            self._pos, self._head = self.course.generate()
        self.speed[:] = 0
        self.steps[:] = 0
        r = self.course.step(self._pos, self._head)
        self._s = r["s"].copy()
        self._fresh[:] = False
        return self._observe(r), {}

    def step(self, actions):
        """Advances every car by one ``dt``; returns (obs, rewards, terminations, truncations, infos).

        ``actions`` [E, 2] in [-1, 1] (clipped; NaN counts as 0)."""
        if self._pos is None:
            raise TrackGenError("call reset() before step()")
        a = np.clip(np.nan_to_num(_checks.array(actions, (self.num_envs, 2), "actions")), -1, 1)
        self.speed = np.clip(self.speed + a[:, 1] * self.accel * self.dt, 0, self.max_speed).astype(np.float32)
        self._head = (self._head + self.speed / self.wheelbase * np.tan(a[:, 0] * self.max_steer) * self.dt
                      ).astype(np.float32)
        self._pos = self._pos + np.stack([np.cos(self._head), np.sin(self._head)], axis=1) * (self.speed * self.dt)[:, None]
        r = self.course.step(self._pos, self._head)
        length = self.course.length
        ds = r["s"] - self._s
        ds = np.where(ds < -length / 2, ds + length, np.where(ds > length / 2, ds - length, ds))
        ds = np.where(self._fresh, 0.0, np.nan_to_num(ds))
        self._s = r["s"].copy()
        self.steps += 1
        terminated = r["off_road"] | r["lap_completed"]
        truncated = ~terminated & ((self.steps >= self.max_steps) | ~self.course.valid)
        rewards = np.where(r["off_road"], -1.0, ds).astype(np.float32)
        obs = self._observe(r)
        done = terminated | truncated
        infos = {}
        if done.any():
            infos = {"final_observation": obs[done].copy(), "_final_observation": done.copy()}
            ids = np.flatnonzero(done)
            seeds = list(range(self._next_seed, self._next_seed + len(ids)))
            self._next_seed += len(ids)
            self.episodes += len(ids)
            pos, head = self.course.regenerate(done, seeds)
            self._pos[done], self._head[done] = pos[done], head[done]
            self.speed[done] = 0
            self.steps[done] = 0
            r2 = self.course.step(self._pos, self._head)
            self._s = r2["s"].copy()
            obs = self._observe(r2)
        self._fresh[:] = False
        return obs, rewards, terminated, truncated, infos

    def close(self):
        """Closes the course."""
        self.course.close()
