"""Argument checks shared by the package's classes: every bad argument is a TrackGenError."""

import numbers

import numpy as np

from ._jvm import TrackGenError

INT32_MIN, INT32_MAX = -2 ** 31, 2 ** 31 - 1


def integer(value, name, low=INT32_MIN, high=INT32_MAX):
    """An int within [low, high] (Java int range by default), from a Python or numpy integer."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TrackGenError("%s must be an integer, got %r" % (name, value))
    v = int(value)
    if not low <= v <= high:
        raise TrackGenError("%s %d is outside [%d, %d]" % (name, v, low, high))
    return v


def seeds(values, name, count=None):
    """A list of Java-int seeds, of ``count`` entries when given."""
    out = [integer(v, name) for v in np.asarray(values, dtype=object).reshape(-1)]
    if count is not None and len(out) != count:
        raise TrackGenError("%d %s for %d envs" % (len(out), name, count))
    return out


def mask(value, envs):
    """A 1-D bool or integer mask of ``envs`` entries, as int32 0/1."""
    m = np.asarray(value)
    if m.ndim != 1 or m.shape[0] != envs:
        raise TrackGenError("mask has shape %s for a batch of %d envs; give a 1-D array of %d bools"
                            % (tuple(m.shape), envs, envs))
    if m.dtype != bool and not np.issubdtype(m.dtype, np.integer):
        raise TrackGenError("mask must hold bools or integers, got %s" % m.dtype)
    return (m != 0).astype(np.int32)


def array(value, shape, name):
    """A float32 array of exactly ``shape``."""
    try:
        a = np.asarray(value, dtype=np.float32)
    except (TypeError, ValueError):
        raise TrackGenError("%s must be numbers of shape %s" % (name, shape)) from None
    if a.shape != tuple(shape):
        raise TrackGenError("%s has shape %s, expected %s" % (name, tuple(a.shape), tuple(shape)))
    return a
