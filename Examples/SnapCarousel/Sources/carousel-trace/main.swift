// carousel-trace — the scrolltrace tool with the carousel's engines beside the built-in ones:
// `carousel-trace replay … --engine carousel@1`, `carousel-trace gate --baseline carousel@1
// --candidate carousel@2 …`, and every other verb as `scrolltrace` has it.

import CarouselEngines
import Replay
import ScrollTraceCLI

ScrollTraceTool(
  name: "carousel-trace",
  adding: [
    EngineRegistry.Entry { CarouselEngine(version: 1) },
    EngineRegistry.Entry { CarouselEngine(version: 2) },
  ]
).main()
