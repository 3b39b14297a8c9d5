"""Finding TrackGen's jars and starting the JVM once (JPype), Debian's packaging included."""

import glob
import os

import jpype
import jpype.imports  # noqa: F401  (Java packages importable as Python modules once the JVM runs)

_DEBIAN_JPYPE_JAR = "/usr/share/java/org.jpype.jar"


class TrackGenError(RuntimeError):
    """A call into TrackGen failed; the message is the Java exception's own (one line)."""


def _repository_lib():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "distribution", "target", "trackgen", "lib"))


def find_jars():
    """The jars of the built product, as a list of paths.

    ``TRACKGEN_JARS`` names a folder of jars (the ``lib`` folder of a built product) or a class
    path (``os.pathsep``-separated); without it, the ``distribution/target/trackgen/lib`` folder of
    the repository this package sits in (``./trackgen`` or ``mvn package`` builds it).

    Raises:
        TrackGenError: when no jar is found, saying where it looked.
    """
    given = os.environ.get("TRACKGEN_JARS")
    if given:
        if os.path.isdir(given):
            # the product's lib folder, and the plugin jars of its plugins folder beside it
            jars = sorted(glob.glob(os.path.join(given, "*.jar")))
            jars += sorted(glob.glob(os.path.join(given, "..", "plugins", "*.jar")))
        else:
            jars = [p for p in given.split(os.pathsep) if p]
            missing = [p for p in jars if not os.path.exists(p)]
            if missing:
                raise TrackGenError("TRACKGEN_JARS names what does not exist: " + ", ".join(missing)
                                    + " (a folder of jars, or a class path of existing jars)")
        where = "TRACKGEN_JARS=" + given
    else:
        lib = _repository_lib()
        jars = sorted(glob.glob(os.path.join(lib, "*.jar")))
        jars += sorted(glob.glob(os.path.join(lib, "..", "plugins", "*.jar")))
        if os.path.isfile(os.path.join(lib, "..", "..", "..", "pom.xml")):  # inside the repository
            where = lib + " (build it with ./trackgen or mvn -B package -DskipTests, or set TRACKGEN_JARS)"
        else:
            where = "this installed package's reach: set TRACKGEN_JARS to the lib folder of a built product"
    if not jars:
        raise TrackGenError("no TrackGen jars found in " + where)
    return jars


def start(jvm_args=()):
    """Starts the JVM with TrackGen's jars unless it runs already; returns nothing.

    Debian's python3-jpype keeps its support jar in /usr/share/java instead of beside the module,
    where JPype looks for it: it is put on the class path here.
    """
    if jpype.isJVMStarted():
        return
    classpath = find_jars()
    if os.path.exists(_DEBIAN_JPYPE_JAR):
        classpath.append(_DEBIAN_JPYPE_JAR)
    jpype.startJVM(*jvm_args, classpath=classpath, convertStrings=False)
