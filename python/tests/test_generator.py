"""The Python package against the product itself: the CLI's npz, masks, and Java's errors."""

import os
import subprocess

import numpy as np
import pytest

import trackgen

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _bits(a):
    return np.asarray(a).view(np.uint32) if np.asarray(a).dtype == np.float32 else np.asarray(a)


def test_the_arrays_equal_the_cli_npz_bit_for_bit(tmp_path):
    npz = tmp_path / "tracks.npz"
    subprocess.run([os.path.join(ROOT, "trackgen"), "generate", "--generator", "hull", "--envs", "24", "--seed", "7",
                    "--runtime", "cpu", "--out", str(npz), "-q"], check=True, cwd=ROOT)
    want = np.load(npz)
    with trackgen.TrackGenerator("hull", envs=24, seed=7) as gen:
        got = gen.generate()
    for name in ("center", "outer", "inner", "tangent", "normal", "arclen", "left_half_width", "right_half_width",
                 "length", "winding", "center_z", "outer_z", "inner_z", "bank", "arclen_3d", "tangent_3d", "length_3d"):
        w = want[name]
        g = getattr(got, name)
        assert g.shape == w.shape, name
        assert g.dtype == np.float32, name
        assert np.array_equal(_bits(g), _bits(w)), name
    assert np.array_equal(got.valid, want["valid"])
    assert np.array_equal(got.count, want["count"])


def test_elevated_tracks_carry_their_heights_equal_to_the_cli_npz(tmp_path):
    knobs = {"z_profile": "random_walk", "z_max": 0.3, "z_max_step": 0.2, "bank_speed": 1.5}
    npz = tmp_path / "hills.npz"
    cmd = [os.path.join(ROOT, "trackgen"), "generate", "--generator", "bezier", "--envs", "8", "--seed", "3",
           "--runtime", "cpu", "--out", str(npz), "-q"]
    for k, v in knobs.items():
        cmd += ["--set", "%s=%s" % (k, v)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    want = np.load(npz)
    with trackgen.TrackGenerator("bezier", envs=8, seed=3, **knobs) as gen:
        got = gen.generate()
    for name in ("center_z", "outer_z", "inner_z", "bank", "arclen_3d", "tangent_3d", "length_3d"):
        assert np.array_equal(_bits(getattr(got, name)), _bits(want[name])), name
    ok = got.valid
    assert ok.any()
    for e in np.flatnonzero(ok):
        z = got.center_z[e, :got.count[e]]
        assert z.min() >= 0.0 and z.max() <= 0.3 and z.max() > z.min()
        assert got.length_3d[e] > got.length[e]
    assert got.tangent_3d.shape == (8, got.center.shape[1], 3)


def test_a_mask_regenerates_only_its_envs_from_their_new_seeds():
    with trackgen.TrackGenerator("bezier", envs=16, seed=100) as gen:
        before = gen.generate()
        gen.reseed([3, 9], [5000, 6000])
        mask = np.zeros(16, dtype=bool)
        mask[[3, 9]] = True
        after = gen.regenerate(mask)
        changed = [e for e in range(16) if not np.array_equal(_bits(before.center[e]), _bits(after.center[e]))]
        assert changed == [3, 9]
    with trackgen.TrackGenerator("bezier", envs=1, seed=5000) as alone:
        assert np.array_equal(_bits(alone.generate().center[0]), _bits(after.center[3]))


def test_a_wrong_call_is_a_python_exception_with_the_java_message():
    with pytest.raises(trackgen.TrackGenError, match="unknown generator 'nope'"):
        trackgen.TrackGenerator("nope", envs=4)
    with pytest.raises(trackgen.TrackGenError, match="half_width"):
        trackgen.TrackGenerator("bezier", envs=4, half_width=-1)
    with trackgen.TrackGenerator("bezier", envs=4) as gen:
        with pytest.raises(trackgen.TrackGenError, match=r"mask has shape \(3,\) for a batch of 4"):
            gen.regenerate([True, False, True])
        with pytest.raises(trackgen.TrackGenError, match="mask must hold bools or integers"):
            gen.regenerate([0.5, 0.9, 0.0, 1.0])
        with pytest.raises(trackgen.TrackGenError, match="shape"):
            gen.regenerate(np.ones((2, 2), bool))
        with pytest.raises(trackgen.TrackGenError, match="outside"):
            gen.reseed([0], [2 ** 40])
    for bad, words in ((dict(envs="abc"), "envs must be an integer"), (dict(envs=2.7), "envs must be an integer"),
                       (dict(seed=2 ** 40), "seed"), (dict(generator=5), "names")):
        with pytest.raises(trackgen.TrackGenError, match=words):
            trackgen.TrackGenerator(**bad)
    with pytest.raises(trackgen.TrackGenError, match="closed"):
        gen.generate()
