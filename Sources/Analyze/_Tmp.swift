enum AnalyzeBuildPlaceholder {}
