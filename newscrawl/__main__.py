import sys

from newscrawl.cli import main

sys.exit(main())
