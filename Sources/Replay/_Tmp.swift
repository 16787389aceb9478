enum ReplayBuildPlaceholder {}
