/// A question of the report (an `analyze:` entry, `--dismiss`, `--dismiss-to`,
/// `--responder-chain`) that has no answer: an id nothing has, more levels than exist, a
/// `dismiss` that does nothing. `analyze` answers the other questions, says these, and exits 1.
public struct UnansweredQuestion: Sendable, Equatable {
  /// The question as asked.
  public let request: AnalysisRequest
  /// Why it has no answer, at the entry's position when it comes from the file.
  public let error: VCGraphError

  /// The error, its message led by the question (`dismiss(from: C, levels: 5): cannot …`),
  /// as `analyze` prints it on standard error.
  public var diagnostic: VCGraphError {
    var error = error
    error.message = "\(request.call): \(error.message)"
    return error
  }
}

extension AnalysisRequest {
  /// The question as the text report spells it: `dismiss(from: C, levels: 2)`,
  /// `dismiss(from: C, toClass: AViewController)`, `responder chain from saveButton`.
  public var call: String {
    switch self {
    case .dismiss(let from, let levels, let toClass, _):
      var call = "dismiss(from: \(from)"
      if let levels { call += ", levels: \(levels)" }
      if let toClass { call += ", toClass: \(toClass)" }
      return call + ")"
    case .responderChain(let from, _):
      return "responder chain from \(from)"
    }
  }

  /// The question as a JSON object: `{"question": "dismiss", "from": …, "levels": …}`.
  var json: [(String, JSON)] {
    switch self {
    case .dismiss(let from, let levels, let toClass, _):
      var pairs: [(String, JSON)] = [("question", .string("dismiss")), ("from", .string(from))]
      if let levels { pairs.append(("levels", .int(levels))) }
      if let toClass { pairs.append(("toClass", .string(toClass))) }
      return pairs
    case .responderChain(let from, _):
      return [("question", .string("responderChain")), ("from", .string(from))]
    }
  }
}

extension AnalysisReport {
  /// The `unanswered` array of the JSON document: each question with the error's message, its
  /// hint and, for a file's `analyze:` entry, its line and column (else null).
  func unansweredJSON(naming name: (String) -> String) -> JSON {
    .array(
      unanswered.map { question in
        .object(
          question.request.json + [
            ("message", .string(question.error.message)),
            ("hint", question.error.hint.map { .string($0) } ?? .null),
            ("line", question.error.location.map { .int($0.line) } ?? .null),
            ("column", question.error.location.map { .int($0.column) } ?? .null),
          ])
      })
  }

  /// The `not answered:` section of the text report (empty when every question has an
  /// answer), escaped for a terminal: the questions come from the command line.
  var unansweredText: String {
    guard !unanswered.isEmpty else { return "" }
    return "not answered:\n"
      + unanswered.map { question in
        "  " + ControlCharacters.escaped("\(question.request.call): \(question.error.message)")
          + "\n"
      }.joined()
  }
}
