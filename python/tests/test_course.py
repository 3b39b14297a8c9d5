"""The Course and the vector environment from Python, on the CPU runtime."""

import numpy as np
import pytest

import trackgen


def test_cars_start_on_the_road_and_a_masked_regeneration_respawns_only_its_cars():
    with trackgen.Course("bezier", envs=8, seed=3) as course:
        pos, head = course.generate()
        assert pos.shape == (8, 2) and head.shape == (8,)
        r = course.step(pos, head)
        assert r["on_road"].all() and not r["off_road"].any()
        assert np.all(np.abs(r["n"]) < course.half_width)
        moved = pos + 10.0                       # every car far off its road
        r = course.step(moved, head)
        assert r["off_road"].all()
        mask = np.zeros(8, bool)
        mask[[2, 5]] = True
        pos2, _ = course.regenerate(mask, seeds=[900, 901])
        # the respawned cars are back on a grid; the others keep where the simulation put them
        assert np.allclose(pos2[[0, 1, 3, 4, 6, 7]], moved[[0, 1, 3, 4, 6, 7]])
        r = course.step(pos2, course.poses()[1])
        assert r["on_road"][[2, 5]].all() and r["off_road"][[0, 1, 3, 4, 6, 7]].all()
        # reset(mask): the same tracks, the masked cars back on their grid slots
        before = course.tangent.copy()
        pos3, _ = course.reset(np.eye(8, dtype=bool)[0])
        assert np.allclose(pos3[0], pos[0]) and np.allclose(pos3[1:], pos2[1:])
        assert np.array_equal(before, course.tangent, equal_nan=True)
        with pytest.raises(trackgen.TrackGenError, match="2 seeds for 1 masked envs"):
            course.regenerate(np.eye(8, dtype=bool)[0], seeds=[1, 2])


def test_a_non_finite_pose_is_off_the_road_and_bad_shapes_are_refused():
    with trackgen.Course("bezier", envs=5, seed=1) as course:
        pos, head = course.generate()
        pos[0] = np.nan
        pos[1, 0] = np.inf
        r = course.step(pos, head)
        assert r["off_road"][:2].all() and not r["off_road"][2:].any()
        with pytest.raises(trackgen.TrackGenError, match=r"position has shape \(2, 5\)"):
            course.step(pos.T.copy(), head)
    with pytest.raises(trackgen.TrackGenError, match="closed"):
        course.poses()
    env = trackgen.TrackRaceVecEnv(num_envs=4, seed=0)
    try:
        with pytest.raises(trackgen.TrackGenError, match="reset"):
            env.step(np.zeros((4, 2)))
        env.reset(seed=3)
        with pytest.raises(trackgen.TrackGenError, match="actions has shape"):
            env.step(np.zeros((2, 4)))
        obs, rew, term, trunc, info = env.step(np.full((4, 2), np.nan))   # NaN actions count as 0
        assert np.isfinite(env.speed).all()
    finally:
        env.close()


def test_the_vector_env_runs_1000_steps_with_autoresets():
    env = trackgen.TrackRaceVecEnv(num_envs=8, seed=0, max_steps=60)
    try:
        obs, info = env.reset(seed=42)
        assert obs.shape == (8, 4) and obs.dtype == np.float32
        rng = np.random.default_rng(0)
        ended = 0
        total = 0.0
        for _ in range(1000):
            actions = np.stack([rng.uniform(-0.3, 0.3, 8), rng.uniform(0.2, 1.0, 8)], axis=1)
            obs, rewards, terminated, truncated, infos = env.step(actions)
            assert obs.shape == (8, 4) and np.isfinite(obs).all()
            assert rewards.shape == (8,) and terminated.dtype == bool and truncated.dtype == bool
            assert not (terminated & truncated).any()
            ended += int((terminated | truncated).sum())
            if (terminated | truncated).any():
                assert infos["_final_observation"].sum() == (terminated | truncated).sum()
            total += float(rewards.sum())
        assert ended >= 8 * 1000 // 60, "every env autoresets at least at each truncation"
        assert env.episodes == ended
        assert np.isfinite(total)
    finally:
        env.close()
