// scrolltrace — JSON inputs decoded into types, with errors that name the key at fault.

import TraceCore

/// Decoding of the JSON files Analyze reads (budgets, cost models, saved reports) into
/// `Decodable` types that mirror their documented schema, through the package's one decoding entry
/// (`JSONDecoding`): a failure becomes an ``AnalyzeError`` naming the key path at fault
/// (`budgets[2].maxIncrease`).
package enum JSONInput {
  /// `T` decoded from `bytes`, a `code` file.
  ///
  /// - Throws: ``AnalyzeError`` with `code`, naming the key path at fault and what was expected.
  package static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], code: AnalyzeError.Code
  ) throws(AnalyzeError) -> T {
    do {
      return try JSONDecoding.decode(T.self, from: bytes, what: "a \(code) file")
    } catch let failure as JSONDecoding.Failure {
      throw AnalyzeError(code, key: failure.keyPath, reason: failure.reason)
    } catch let error as AnalyzeError {
      throw error
    } catch {
      throw AnalyzeError(code, key: nil, reason: "\(error)")
    }
  }
}
