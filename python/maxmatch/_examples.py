"""The small example files the documentation's examples read."""

import os


def examples_dir():
    """The directory of the documentation's example files (``gold.m2``, ``system-a.txt``, …):
    the copy an installed wheel carries, or ``docs/examples`` of the clone the package runs
    from."""
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "examples"), os.path.join(os.path.dirname(os.path.dirname(here)), "docs", "examples")):
        if os.path.isfile(os.path.join(d, "gold.m2")):
            return d
    raise FileNotFoundError("the example files are neither in %s (an installed wheel) nor in docs/examples "
                            "of a clone around it" % os.path.join(here, "examples"))
