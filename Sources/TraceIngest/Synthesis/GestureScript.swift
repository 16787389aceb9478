// scrolltrace — the gesture script `scrolltrace synth` turns into a trace (docs/synth.md).

internal import Foundation

/// A scripted recording: a device, a scene, and steps (drags, flings, rotations, edits) that
/// `Synthesizer` turns into a trace, deterministically.
///
/// The JSON form is specified in `docs/synth.md`.
public struct GestureScript: Sendable, Hashable, Decodable {
  /// The recording device.
  public var device: DeviceSpec
  /// The seed of the jitter generator; the same seed gives the same trace.
  public var seed: UInt64
  /// Random perturbation of touch samples; none by default.
  public var jitter: Jitter
  /// Whether to write a frame-tick event at every display refresh.
  public var frameTicks: Bool
  /// Free key/value metadata for the header.
  public var metadata: [String: String]
  /// The scroll view's initial size and safe area; the screen, without a safe area, by default.
  public var viewport: ViewportSpec?
  /// The scroll view's content geometry, when the app sets it explicitly.
  public var content: ContentSpec?
  /// The content the engines lay out.
  public var scene: Scene
  /// What happens, in order; each step starts when the previous one ends.
  public var steps: [Step]

  /// The recording device of a script.
  public struct DeviceSpec: Sendable, Hashable, Decodable {
    /// The device's name.
    public var name: String
    /// The screen size in points.
    public var screen: Size
    /// Pixels per point.
    public var scale: Double
    /// The display refresh rate in hertz.
    public var refreshRate: Double
    /// The touch sample rate in hertz.
    public var touchRate: Double

    /// A device: its name, screen in points, pixels per point, and display and touch rates in
    /// hertz.
    public init(
      name: String = "synthetic", screen: Size, scale: Double = 3, refreshRate: Double = 120,
      touchRate: Double = 120
    ) {
      self.name = name
      self.screen = screen
      self.scale = scale
      self.refreshRate = refreshRate
      self.touchRate = touchRate
    }

    enum CodingKeys: String, CodingKey { case name, screen, scale, refreshRate, touchRate }

    /// Decodes a device; `scale` defaults to 3, `refreshRate` to 120 and `touchRate` to 120.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      name = try c.decodeIfPresent(String.self, forKey: .name) ?? "synthetic"
      screen = try c.decode(ScriptSize.self, forKey: .screen).size
      scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 3
      refreshRate = try c.decodeIfPresent(Double.self, forKey: .refreshRate) ?? 120
      touchRate = try c.decodeIfPresent(Double.self, forKey: .touchRate) ?? 120
    }
  }

  /// Random perturbation of touch samples.
  public struct Jitter: Sendable, Hashable, Decodable {
    /// The standard deviation of the noise added to each touch location, in points.
    public var position: Double
    /// The largest shift of a touch sample's time, in seconds (uniform; order is kept).
    public var timing: Double

    /// No jitter.
    public static let none = Jitter(position: 0, timing: 0)

    /// Creates a jitter specification.
    public init(position: Double, timing: Double) {
      self.position = position
      self.timing = timing
    }

    enum CodingKeys: String, CodingKey { case position, timing }

    /// Decodes jitter; missing fields are 0.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      position = try c.decodeIfPresent(Double.self, forKey: .position) ?? 0
      timing = try c.decodeIfPresent(Double.self, forKey: .timing) ?? 0
      for (value, key) in [(position, CodingKeys.position), (timing, .timing)]
      where !(value.isFinite && value >= 0) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "must be a finite number of 0 or more")
      }
    }
  }

  /// The scroll view's size and safe area.
  public struct ViewportSpec: Sendable, Hashable, Decodable {
    /// The bounds size, in points.
    public var size: Size
    /// The safe-area insets, in points.
    public var safeArea: EdgeInsets

    /// A viewport of `size` points with `safeArea` insets.
    public init(size: Size, safeArea: EdgeInsets = .zero) {
      self.size = size
      self.safeArea = safeArea
    }

    enum CodingKeys: String, CodingKey { case size, safeArea }

    /// Decodes a viewport; the safe area defaults to zero.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      size = try c.decode(ScriptSize.self, forKey: .size).size
      safeArea = try c.decodeIfPresent(EdgeInsets.self, forKey: .safeArea) ?? .zero
    }
  }

  /// The scroll view's content geometry.
  public struct ContentSpec: Sendable, Hashable, Decodable {
    /// The content size, in points.
    public var size: Size
    /// The content inset, in points.
    public var inset: EdgeInsets
    /// The inset adjustment behaviour.
    public var adjustment: ContentInsetAdjustmentBehavior

    /// A content geometry: size and inset in points, and the inset adjustment behaviour.
    public init(
      size: Size, inset: EdgeInsets = .zero, adjustment: ContentInsetAdjustmentBehavior = .automatic
    ) {
      self.size = size
      self.inset = inset
      self.adjustment = adjustment
    }

    enum CodingKeys: String, CodingKey { case size, inset, adjustment }

    /// Decodes a content geometry; the inset defaults to zero and the adjustment to "automatic".
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      size = try c.decode(ScriptSize.self, forKey: .size).size
      inset = try c.decodeIfPresent(EdgeInsets.self, forKey: .inset) ?? .zero
      let name = try c.decodeIfPresent(String.self, forKey: .adjustment) ?? "automatic"
      guard let behavior = ContentInsetAdjustmentBehavior.allCases.first(where: { $0.name == name })
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .adjustment, in: c,
          debugDescription: "expected automatic, scrollableAxes, never or always, not \"\(name)\"")
      }
      adjustment = behavior
    }
  }

  /// A script from its parts (`docs/synth.md` gives each one's meaning and default).
  public init(
    device: DeviceSpec, seed: UInt64 = 0, jitter: Jitter = .none, frameTicks: Bool = false,
    metadata: [String: String] = [:], viewport: ViewportSpec? = nil, content: ContentSpec? = nil,
    scene: Scene, steps: [Step]
  ) {
    self.device = device
    self.seed = seed
    self.jitter = jitter
    self.frameTicks = frameTicks
    self.metadata = metadata
    self.viewport = viewport
    self.content = content
    self.scene = scene
    self.steps = steps
  }

  enum CodingKeys: String, CodingKey {
    case device, seed, jitter, frameTicks, metadata, viewport, content, scene, steps
  }

  /// Decodes a script; see `docs/synth.md` for every key and its default.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    device = try c.decode(DeviceSpec.self, forKey: .device)
    seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
    jitter = try c.decodeIfPresent(Jitter.self, forKey: .jitter) ?? .none
    frameTicks = try c.decodeIfPresent(Bool.self, forKey: .frameTicks) ?? false
    metadata = try c.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
    viewport = try c.decodeIfPresent(ViewportSpec.self, forKey: .viewport)
    content = try c.decodeIfPresent(ContentSpec.self, forKey: .content)
    scene = try c.decode(ScriptScene.self, forKey: .scene).scene
    steps = try c.decode([Step].self, forKey: .steps)
  }

  /// The largest script decoded, in bytes: 16 MiB, far more than any hand-written script.
  public static let maximumSize = 16 << 20

  /// Decodes a script from JSON.
  ///
  /// - Throws: `ScriptError` naming the key path of the first problem, or for a script larger
  ///   than ``maximumSize``.
  public static func decode(json: [UInt8]) throws -> GestureScript {
    guard json.count <= maximumSize else {
      throw ScriptError(
        .tooLarge, path: "", message: "a script larger than \(maximumSize) bytes is refused")
    }
    do {
      return try JSONDecoding.decode(GestureScript.self, from: json, what: "a gesture script")
    } catch let failure as JSONDecoding.Failure {
      throw ScriptError(.malformed, path: failure.keyPath ?? "", message: failure.reason)
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(.malformed, path: "", message: "\(error)")
    }
  }
}

extension GestureScript {
  /// The oldest format version that holds the script's trace: 1.9 when a step is a trackpad's
  /// scroll or a size resolved; 1.5 when a step (meanwhile steps included) moves the keyboard; 1.4
  /// when its scene has an estimate or a step is a batch
  /// update, a prepend, `reloadData` or an insert of items with estimates.
  public var formatVersion: FormatVersion {
    func version(_ step: Step) -> FormatVersion {
      switch step {
      case .edit(let edit): edit.formatVersion
      case .keyboard: .keyboard
      case .trackpad: .scrollInput
      case .during(let gesture, let meanwhile):
        meanwhile.map { version($0.step) }.reduce(version(gesture), max)
      default: FormatVersion(major: 1, minor: 0)
      }
    }
    return steps.map(version).reduce(scene.formatVersion, max)
  }
}
