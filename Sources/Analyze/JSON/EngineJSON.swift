// scrolltrace — an engine's descriptor as JSON: one shape for reports and `engines --json`.

import Replay
package import TraceCore

extension EngineDescriptor {
  /// The descriptor as the `engine` object of docs/report-schema.md: `id` (`name@version`),
  /// `name`, `version`, `summary`, `source`.
  ///
  /// A report adds the `hooks` its replay saw.
  package var jsonObject: JSONObject {
    var object = JSONObject()
    object.add("id", description)
    object.add("name", name)
    object.add("version", version)
    object.add("summary", summary)
    object.add("source", source)
    return object
  }
}
