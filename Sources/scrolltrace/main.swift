// scrolltrace — the shipped tool: the library's entry point with the built-in engines, as a
// team's own executable calls it with theirs (docs/custom-engines.md).

import ScrollTraceCLI

ScrollTraceTool().main()
