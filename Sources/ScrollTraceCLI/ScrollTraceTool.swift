// scrolltrace — the whole tool as a library: every verb, with the engines it is given.

import Analyze
import ArgumentParser
import Explore
import Pipeline
public import Replay
import ResultStore
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// The `scrolltrace` command-line tool with a set of engines: `replay`, `diff`, `gate`, `export` and
/// `engines` accept every one of them wherever they take an engine name (`--engine`,
/// `--baseline`, `--candidate`, with `+viewPerFrame` fault injection); `import`, `synth`, `info` and
/// `dump` need none. The shipped `scrolltrace` executable is ``init(name:)``, the built-in engines;
/// a team's executable adds its own engines:
///
/// ```swift
/// // Sources/my-scrolltrace/main.swift
/// import Replay
/// import ScrollTraceCLI
///
/// ScrollTraceTool(adding: [
///   EngineRegistry.Entry { CarouselEngine(version: 1) },
///   EngineRegistry.Entry { CarouselEngine(version: 2) },
/// ]).main()
/// ```
public struct ScrollTraceTool: Sendable {
  /// The tool's version, as `--version` prints it.
  public static let version = ToolVersion.current

  private let registry: Registry
  /// The command's name: what usage lines, errors, help examples, completion scripts and the man
  /// page call the tool (the executable's name, such as `carousel-trace`).
  public let name: String

  /// Where the tool's engines come from.
  private enum Registry: Sendable {
    /// `EngineRegistry.builtIn`, made when a verb first needs it: making it makes each engine
    /// once for its descriptor, work a verb without engines (`info`, `history`) need not do.
    case builtIn
    /// A set given (or its error), checked when the tool was made.
    case given(Result<EngineRegistry, EngineRegistryError>)
  }

  /// The tool named `name` with the built-in engines (`EngineRegistry.builtIn`): the shipped
  /// `scrolltrace`.
  ///
  /// The engines are made when a verb first takes one, not at start-up.
  public init(name: String = "scrolltrace") {
    self.name = name
    registry = .builtIn
  }

  /// The tool named `name` with exactly `engines`.
  public init(name: String = "scrolltrace", engines: EngineRegistry) {
    self.name = name
    registry = .given(.success(engines))
  }

  /// The tool named `name` with the built-in engines and `engines` beside them.
  ///
  /// An engine whose name clashes with a built-in's, or with another of `engines`, is an error
  /// ``main(_:)`` reports at start-up (exit 2) before it parses anything.
  public init(name: String = "scrolltrace", adding engines: [EngineRegistry.Entry]) {
    self.name = name
    registry = .given(
      Result { () throws(EngineRegistryError) in
        try EngineRegistry.builtIn.checkedAdding(engines)
      })
  }

  /// The engines the verbs choose from, or why the set given cannot be used.
  public var engines: Result<EngineRegistry, EngineRegistryError> {
    switch registry {
    case .builtIn: .success(.builtIn)
    case .given(let engines): engines
    }
  }

  /// Runs the tool on `arguments` (the process's own by default) and exits the process with 0
  /// (success), 1 (findings: a broken budget, data lost while recovering) or 2 (a usage or input
  /// error, one line on standard error; argument-parser's usage code 64 becomes 2).
  ///
  /// Every signal that ends the process removes any unfinished output file first. The process's
  /// own arguments are read as bytes: a file name that is not UTF-8 names the same file
  /// (`PathName`).
  public func main(_ arguments: [String]? = nil) -> Never {
    TemporaryFiles.installSignalHandlers()
    let code = run(arguments ?? Self.processArguments())
    Glibc.exit(code)
  }

  /// The process's arguments, without the program's name, each byte that is not UTF-8 kept.
  static func processArguments() -> [String] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { PathName.string(fromCString: $0) }
    }
  }

  /// Runs the tool on `arguments` (without the program's name) and returns the exit code: 0, 1 or
  /// 2, as ``main(_:)`` exits with.
  ///
  /// Output goes to the process's standard output and error.
  public func run(_ arguments: [String]) -> Int32 {
    run(arguments, in: ToolRun.process(name: name, engineNames: engineNames))
  }

  /// The names of the engines the tool has, as `name@version` (what completion offers), listed
  /// when asked.
  private var engineNames: @Sendable () -> [String] {
    { [self] in (try? engines.get())?.entries.map(\.descriptor.description) ?? [] }
  }

  /// A run on `arguments` whose streams, environment and outputs are `run`'s: the process's own,
  /// or memory, for a program that runs the tool inside itself (many runs at once, each its own).
  ///
  /// With `readsDirectly` false, every command line goes through argument-parser, not the
  /// common forms ``DirectInvocation`` reads (what a test compares them with).
  package func run(
    _ arguments: [String], environment: [String: String], readsDirectly: Bool = true
  ) -> ToolRunResult {
    let context = ToolRun(
      name: name, engineNames: engineNames, standardOutput: .memory(),
      standardError: .memory(), environment: environment)
    let status = run(arguments, in: context, readsDirectly: readsDirectly)
    return ToolRunResult(
      status: status, standardOutput: context.standardOutput.text,
      standardError: context.standardError.text)
  }

  /// Runs the tool on `arguments` in `context`.
  private func run(_ arguments: [String], in context: ToolRun, readsDirectly: Bool = true)
    -> Int32
  {
    ToolRun.$current.withValue(context) { runHere(arguments, readsDirectly: readsDirectly) }
  }

  /// Runs the tool on `arguments` in the current run (``ToolRun/current``): a common form of a
  /// small command read directly (``DirectInvocation``), anything else parsed by argument-parser.
  private func runHere(_ arguments: [String], readsDirectly: Bool) -> Int32 {
    let code: Int32
    do {
      // A set of engines that cannot be used is refused before anything is parsed.
      if case .given(.failure(let error)) = registry { throw error }
      // Tens of thousands of paths: split out in one pass, not parsed one by one (ManyPaths).
      let (parsed, spilled) = ManyPaths.split(arguments, root: ScrollTrace.self)
      try ManyPaths.$spilled.withValue(spilled) {
        if readsDirectly, let direct = DirectInvocation(parsed) { return try direct.run() }
        var command = try ScrollTrace.parseAsRoot(parsed)
        if let verb = command as? any EngineCommand {
          try verb.run(engines: try engines.get())
        } else {
          try command.run()
        }
      }
      code = ExitStatus.success
    } catch  where Self.isInputError(error) {
      StandardError.error(CommandLineHint.message(for: error))
      code = ExitStatus.inputError
    } catch {
      let exit = ScrollTrace.exitCode(for: error)
      if exit == .success {
        let message = ScrollTrace.fullMessage(for: error)
        // Help and --version go through the same checked output as everything else.
        if !message.isEmpty { try? Output.stdout().line(message) }
        code = ExitStatus.success
      } else {
        // One line, as every other error: what is wrong, and where the help is.
        let message = ScrollTrace.message(for: error).split(separator: "\n").first.map(String.init)
        if let message, !message.isEmpty {
          let verb = arguments.first.flatMap { word in
            ScrollTrace.configuration.subcommands.contains { $0._commandName == word } ? word : nil
          }
          let help =
            exit == .validationFailure
            ? " (see '\(name)\(verb.map { " " + $0 } ?? "") --help')" : ""
          let meant =
            exit == .validationFailure ? Self.suggestion(message, arguments, verb: verb) : nil
          StandardError.error(Self.lowercasedFirst(message) + (meant ?? "") + help)
        }
        code = exit == .validationFailure ? ExitStatus.inputError : exit.rawValue
      }
    }
    do {
      try ToolRun.current.flushStandardOutput()
    } catch {
      StandardError.error("\(error)")
      return ExitStatus.inputError
    }
    return code
  }

  /// What a usage error's arguments were likely meant to be: a verb misspelt (`histroy`), or the
  /// required option a misspelt one stands for (`--engin` when `--engine` is missing).
  static func suggestion(_ message: String, _ arguments: [String], verb: String?) -> String? {
    if verb == nil, let first = arguments.first, !first.hasPrefix("-") {
      let verbs = ScrollTrace.configuration.subcommands.map { $0._commandName }
      return Suggestion.closest(to: first, in: verbs).map { "; did you mean '\($0)'?" }
    }
    let missing = "Missing expected argument '"
    guard message.hasPrefix(missing) else { return nil }
    let option = message.dropFirst(missing.count).prefix { $0 != " " && $0 != "'" }
    guard option.hasPrefix("--") else { return nil }
    let typed = arguments.first { word in
      word.hasPrefix("--") && word != option
        && Suggestion.closest(to: String(word.prefix { $0 != "=" }), in: [String(option)]) != nil
    }
    return typed.map {
      "; '\($0.prefix { $0 != "=" })' is not an option: did you mean '\(option)'?"
    }
  }

  /// `message` with its first letter lowercased, as the tool's own errors read
  /// (`Missing expected argument` becomes `missing expected argument`).
  static func lowercasedFirst(_ message: String) -> String {
    guard let first = message.first, first.isUppercase,
      message.dropFirst().first.map({ !$0.isUppercase }) ?? true
    else { return message }
    return first.lowercased() + message.dropFirst()
  }

  /// Whether `error` is a bad input or engine set (any ``CodedError``), reported in one line
  /// naming the file and place.
  private static func isInputError(_ error: any Error) -> Bool { error is any CodedError }
}
