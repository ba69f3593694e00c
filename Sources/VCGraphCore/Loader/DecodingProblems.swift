/// The errors of one description found so far. Mistakes that do not depend on each other
/// (unknown keys, bad values in different controllers, bad steps) are all reported, up to
/// `limit`, as compilers do; decoding goes on past each, and the references between parts
/// are only checked when the parts themselves decoded cleanly (no error follows from another).
final class DecodingProblems: @unchecked Sendable {
  /// The most errors reported for one input.
  static let limit = 20

  private(set) var errors: [VCGraphError] = []
  /// Set once the limit is reached: the combined error then passes every recovery point.
  private var stopped = false
  /// Set once the errors were thrown together: they are complete.
  private var thrown = false

  /// Runs `body`; an error it throws is recorded and decoding goes on (the part it was
  /// decoding is left out). At the limit, every error so far is thrown together.
  func recover(_ body: () throws(VCGraphError) -> Void) throws(VCGraphError) {
    do {
      try body()
    } catch {
      if stopped { throw error }
      try record(error)
    }
  }

  /// Records one error; at the limit, throws every error so far together.
  func record(_ error: VCGraphError) throws(VCGraphError) {
    var flat = error
    flat.related = []
    errors += [flat] + error.related
    if errors.count >= Self.limit {
      stopped = true
      throw combined(stopped: true)
    }
  }

  /// `error`, which ended the reading, with the errors recorded before it.
  func finish(_ error: VCGraphError) -> VCGraphError {
    guard !errors.isEmpty, !thrown else { return error }
    var flat = error
    flat.related = []
    errors += [flat] + error.related
    return combined(stopped: errors.count > Self.limit)
  }

  /// Throws the errors recorded so far together, if there are any.
  func check() throws(VCGraphError) {
    if !errors.isEmpty { throw combined(stopped: false) }
  }

  /// The first error, carrying the others (and, at the limit, a note that reading stopped).
  private func combined(stopped: Bool) -> VCGraphError {
    thrown = true
    var first = errors[0]
    first.related = Array(errors.prefix(Self.limit).dropFirst())
    if stopped {
      first.related.append(
        VCGraphError(
          .dataError,
          "stopped after \(Self.limit) errors in \(first.location?.path ?? "the input")",
          hint: "fix these and run again"))
    }
    return first
  }
}

extension DescriptionDecoder {
  /// Before references are resolved: when parts failed to decode, the steps (which stand
  /// apart) are decoded too, and every error so far is thrown.
  mutating func checkDecodedParts(steps: YAMLNode?) throws(VCGraphError) {
    guard !problems.errors.isEmpty else { return }
    if let steps { try problems.recover { () throws(VCGraphError) in try decodeSteps(steps) } }
    try problems.check()
  }
}
