"""A local news farm for crawl tests and benchmarks: many virtual news sites on 127.0.0.1.

``start_farm(sites=3, articles=6)`` starts the server in a child process and returns a
:class:`FarmHandle` (unpacks as ``host, port, stop``); its ``model`` says what a complete
crawl must store, ``publish()`` adds articles between crawl rounds, and ``proxy_url`` is the
value for ``http_proxy``. ``write_sites_file()`` writes the matching sites.yaml.
"""

from __future__ import annotations

from .control import FarmHandle, start_farm
from .model import FarmArticle, FarmModel, FarmSite
from .sites_file import write_sites_file

__all__ = ["FarmArticle", "FarmHandle", "FarmModel", "FarmSite", "start_farm", "write_sites_file"]
