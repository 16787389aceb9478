// scrolltrace — a known-findings file read strictly and written sorted.

import Foundation
import TraceCore

extension KnownFindings {
  /// What `schema` holds.
  public static let schema = "scrolltrace-known-findings"

  /// The known findings in a file's bytes.
  ///
  /// - Throws: ``ExploreError`` `knownFindings` naming the key at fault: text that is not JSON,
  ///   another schema or version, an unknown key, a signature that does not read back, an unknown
  ///   triage, an empty engine or note, text longer than ``maximumText``, more than
  ///   ``maximumEntries`` entries, or one engine and signature given twice.
  public init(json bytes: [UInt8]) throws(ExploreError) {
    let file: File
    do {
      file = try JSONDecoding.decode(File.self, from: bytes, what: "a known-findings file")
    } catch let failure as JSONDecoding.Failure {
      throw ExploreError(
        .knownFindings, (failure.keyPath.map { "\($0): " } ?? "") + failure.reason)
    } catch let error as ExploreError {
      throw error
    } catch {
      throw ExploreError(.knownFindings, "\(error)")
    }
    var seen: Set<String> = []
    for (index, entry) in file.findings.enumerated() {
      guard seen.insert("\(entry.engine)\u{0}\(entry.signature)").inserted else {
        throw ExploreError(
          .knownFindings,
          "findings[\(index)]: \(entry.engine) '\(entry.signature)' is listed twice")
      }
    }
    self.init(entries: file.findings)
  }

  /// The file: `schema`, `schemaVersion` 1 and the entries, sorted, a line a field, so that a
  /// review of an update reads the lines it adds.
  public var json: String {
    let objects = entries.map { entry in
      [
        ("engine", entry.engine), ("signature", entry.signature.description),
        ("triage", entry.triage.rawValue), ("note", entry.note),
      ]
      .map { "      \(JSONObject.quote($0)): \(JSONObject.quote($1))" }
      .joined(separator: ",\n")
    }
    return """
      {
        "schema": \(JSONObject.quote(Self.schema)),
        "schemaVersion": 1,
        "findings": [\(objects.isEmpty ? "" : "\n    {\n" + objects.joined(separator: "\n    },\n    {\n") + "\n    }\n  ")]
      }
      """
  }

  /// The file's shape, decoded strictly.
  private struct File: Decodable {
    var findings: [KnownFinding]

    private enum Keys: String, CodingKey, CaseIterable {
      case schema, schemaVersion, findings
    }

    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(Keys.allCases.map(\.rawValue))
      let container = try decoder.container(keyedBy: Keys.self)
      let schema = try container.decode(String.self, forKey: .schema)
      guard schema == KnownFindings.schema else {
        throw DecodingError.dataCorruptedError(
          forKey: .schema, in: container,
          debugDescription: "expected '\(KnownFindings.schema)'")
      }
      let version = try container.decode(Int.self, forKey: .schemaVersion)
      guard version == 1 else {
        throw DecodingError.dataCorruptedError(
          forKey: .schemaVersion, in: container,
          debugDescription: "version \(version) is not one this tool reads (1)")
      }
      var list = try container.nestedUnkeyedContainer(forKey: .findings)
      if let count = list.count, count > KnownFindings.maximumEntries {
        throw DecodingError.dataCorruptedError(
          forKey: .findings, in: container,
          debugDescription: "\(count) entries; at most \(KnownFindings.maximumEntries)")
      }
      var findings: [KnownFinding] = []
      while !list.isAtEnd { findings.append(try list.decode(KnownFinding.self)) }
      self.findings = findings
    }
  }
}

extension KnownFinding: Decodable {
  private enum Keys: String, CodingKey, CaseIterable {
    case engine, signature, triage, note
  }

  /// Decodes one entry, refusing unknown keys, empty or overlong text and unknown triages.
  public init(from decoder: any Decoder) throws {
    try decoder.rejectUnknownKeys(Keys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: Keys.self)
    func text(_ key: Keys) throws -> String {
      let value = try container.decode(String.self, forKey: key)
      guard !value.isEmpty, value.count <= KnownFindings.maximumText else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "expected from 1 to \(KnownFindings.maximumText) characters, found \(value.count)")
      }
      return value
    }
    engine = try text(.engine)
    let written = try text(.signature)
    guard let signature = Signature(written) else {
      throw DecodingError.dataCorruptedError(
        forKey: .signature, in: container,
        debugDescription:
          "'\(written)' is not a signature (KIND[:DETAIL] [after TRIGGER] [while STATE])")
    }
    self.signature = signature
    let triage = try container.decode(String.self, forKey: .triage)
    guard let value = KnownFinding.Triage(rawValue: triage) else {
      throw DecodingError.dataCorruptedError(
        forKey: .triage, in: container,
        debugDescription:
          "'\(triage)' is not a triage; expected one of "
          + KnownFinding.Triage.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self.triage = value
    note = try text(.note)
  }
}
