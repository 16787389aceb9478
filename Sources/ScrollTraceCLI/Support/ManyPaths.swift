// scrolltrace — tens of thousands of paths on a command line, parsed in linear time.

import ArgumentParser
import Foundation

/// Paths a verb was given on its command line beyond the first, taken out before
/// swift-argument-parser parses the rest.
///
/// swift-argument-parser takes time quadratic in the number of values of a repeating argument:
/// each value it adds copies the array so far and the set of the positions it came from
/// (`ParsedValues.update`, `InputOrigin.formUnion`): 3 750 paths took 4 s, 15 000 paths 73 s.
/// A verb that takes traces (those with `--files-from`) given more than ``threshold`` arguments has
/// them split here in one pass instead: the verb's own options, read from argument-parser's
/// description of it (`--experimental-dump-help`), say which arguments take a value; every other
/// argument, and every one after `--`, is a path. The first path stays on the command line (so
/// checks that need one see one); the others are handed to ``FileListOptions/paths(_:)`` after it,
/// in the order given.
enum ManyPaths {
  /// Above this many arguments, paths are split out before parsing.
  static let threshold = 256

  /// The paths taken out of this run's command line, after the first.
  @TaskLocal static var spilled: [String] = []

  /// `arguments` with the paths after the first taken out, and those paths; `arguments` as they
  /// are when there are few, or the verb takes no list of traces.
  static func split(_ arguments: [String], root: any ParsableCommand.Type) -> (
    arguments: [String], paths: [String]
  ) {
    guard arguments.count > threshold, let verb = arguments.first,
      let options = optionArity(of: verb, root: root), options.takesFileList
    else { return (arguments, []) }
    var kept = [verb]
    var positionals: [String] = []
    var index = 1
    var afterTerminator = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if afterTerminator || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
      } else if argument == "--" {
        afterTerminator = true
      } else {
        kept.append(argument)
        // `--name=value` carries its value; `--name value` takes the next argument.
        if !argument.contains("="), options.valued.contains(argument), index < arguments.count {
          kept.append(arguments[index])
          index += 1
        }
      }
    }
    // The first path stays on the command line, after `--` so that it is read as a path.
    if let first = positionals.first { kept += ["--", first] }
    return (kept, Array(positionals.dropFirst()))
  }

  /// The verb's options that take a value (`--engine`, `-o`), and whether it takes a list of
  /// traces; `nil` when the verb is not one of the root's.
  private static func optionArity(of verb: String, root: any ParsableCommand.Type) -> (
    valued: Set<String>, takesFileList: Bool
  )? {
    guard root.configuration.subcommands.contains(where: { $0._commandName == verb }) else {
      return nil
    }
    let dump: String
    do {
      _ = try root.parseAsRoot([verb, "--experimental-dump-help"])
      return nil
    } catch {
      dump = root.fullMessage(for: error)
    }
    guard let description = try? JSONDecoder().decode(ToolDump.self, from: Data(dump.utf8)) else {
      return nil
    }
    var valued: Set<String> = []
    var takesFileList = false
    for argument in description.command.arguments ?? [] where argument.kind == "option" {
      for name in argument.names ?? [] {
        let spelled = (name.kind == "short" ? "-" : "--") + name.name
        valued.insert(spelled)
        if spelled == "--files-from" { takesFileList = true }
      }
    }
    return (valued, takesFileList)
  }

  /// What `--experimental-dump-help` says of a command's arguments.
  private struct ToolDump: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
    }
    struct Command: Decodable {
      var arguments: [Argument]?
    }
    var command: Command
  }
}
