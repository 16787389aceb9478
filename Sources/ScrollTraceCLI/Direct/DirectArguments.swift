// scrolltrace — the arguments of a command read directly: options by name, each at most once.

/// A command's arguments split into the options it names and its positional words, for
/// ``DirectInvocation``: `nil` for anything argument-parser would read differently or reject, so
/// that argument-parser reads it and says what is wrong.
///
/// What it reads: `--name VALUE` for the options `valued` names, `--name` for the flags `flags`
/// names, and words that do not start with `-`. What it refuses: any other word starting with
/// `-` (help, `--version`, a short option, an unknown one, `--name=VALUE`, `--`), an option given
/// twice, an option's value that starts with `-` or is missing.
struct DirectArguments {
  /// The value of each option given.
  var values: [String: String] = [:]
  /// The flags given.
  var flags: Set<String> = []
  /// The positional words, in order.
  var positional: [String] = []

  init?(_ arguments: ArraySlice<String>, valued: Set<String>, flags known: Set<String>) {
    var words = arguments.makeIterator()
    while let word = words.next() {
      guard word.hasPrefix("-") else {
        positional.append(word)
        continue
      }
      if known.contains(word) {
        guard flags.insert(word).inserted else { return nil }
      } else if valued.contains(word) {
        guard values[word] == nil, let value = words.next(), !value.hasPrefix("-") else {
          return nil
        }
        values[word] = value
      } else {
        return nil
      }
    }
  }
}
