import Foundation

// The scan's JSON (`Schemas/scan.v1.schema.json`): written with `JSON` (keys in schema order,
// the same result always the same bytes) and read back for `vcgraph diff` and drawing.

extension ScanResult {
  /// The result as JSON, version 1: every key of a controller and of an edge is present
  /// (null when unknown); the optional details (`identifier`, `transition`, `anchor`,
  /// `definesPresentationContext`, `helper`) only when known.
  public var json: JSON {
    .object([
      ("version", .int(Self.version)),
      ("controllers", .array(controllers.map(\.json))),
      ("edges", .array(edges.map(\.json))),
      (
        "entryPoints",
        .array(
          entryPoints.map { .object([("type", .string($0.type)), ("how", .string($0.how))]) })
      ),
    ])
  }

  /// Reads a result written by `json`; a clear error (with the path) for anything else.
  public init(jsonBytes bytes: [UInt8], path: String) throws(VCGraphError) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      throw VCGraphError(.dataError, "\(path): not JSON (\(error.localizedDescription))")
    }
    var reader = ScanJSONReader(path: path)
    self = try reader.result(object)
  }

  /// Whether `bytes` look like a scan result (a JSON object with `version` and `edges`), so
  /// `vcgraph diff` can tell it from a description.
  public static func looksLikeScan(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }),
      first == UInt8(ascii: "{"),
      let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    else { return false }
    return object["version"] != nil && object["edges"] != nil
  }
}

extension ScanController {
  var json: JSON {
    .object([
      ("name", .string(name)), ("kind", .string(kind.rawValue)),
      ("superclass", superclass.map(JSON.string) ?? .null), ("file", .string(file)),
      ("line", .int(line)),
    ])
  }
}

extension ScanEdge {
  var json: JSON {
    func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    var pairs: [(String, JSON)] = [
      ("from", .string(from)), ("fromKind", .string(fromKind.rawValue)), ("on", text(on)),
      ("to", text(to)), ("operation", .string(operation.rawValue)), ("style", text(style)),
      ("animated", animated.map(JSON.bool) ?? .null), ("file", .string(file)),
      ("line", .int(line)), ("column", .int(column)), ("via", .string(via.rawValue)),
      ("confidence", .string(confidence.rawValue)), ("reason", text(reason)),
    ]
    if let identifier { pairs.append(("identifier", .string(identifier))) }
    if let transition { pairs.append(("transition", .string(transition))) }
    if let anchor { pairs.append(("anchor", .string(anchor))) }
    if let definesPresentationContext {
      pairs.append(("definesPresentationContext", .bool(definesPresentationContext)))
    }
    if let helper { pairs.append(("helper", .string(helper))) }
    return .object(pairs)
  }
}

/// Reads a scan result from `JSONSerialization`'s objects, naming the first wrong key.
struct ScanJSONReader {
  let path: String

  func fail(_ message: String) -> VCGraphError {
    VCGraphError(
      .dataError, "\(path): not a vcgraph scan result: \(message)",
      hint: "make one with `vcgraph scan PATH > scan.json`")
  }

  mutating func result(_ object: Any) throws(VCGraphError) -> ScanResult {
    guard let root = object as? [String: Any] else { throw fail("the top level is not an object") }
    guard let version = root["version"] as? Int else { throw fail("no \"version\"") }
    guard version == ScanResult.version else {
      throw fail("version \(version); this vcgraph reads version \(ScanResult.version)")
    }
    guard let controllers = root["controllers"] as? [Any] else {
      throw fail("no \"controllers\" array")
    }
    guard let edges = root["edges"] as? [Any] else { throw fail("no \"edges\" array") }
    var result = ScanResult()
    for (index, item) in controllers.enumerated() {
      result.controllers.append(try controller(item, at: "controllers[\(index)]"))
    }
    for (index, item) in edges.enumerated() {
      result.edges.append(try edge(item, at: "edges[\(index)]"))
    }
    for (index, item) in (root["entryPoints"] as? [Any] ?? []).enumerated() {
      let at = "entryPoints[\(index)]"
      guard let entry = item as? [String: Any] else { throw fail("\(at) is not an object") }
      result.entryPoints.append(
        ScanEntryPoint(
          type: try string(entry, "type", at: at), how: try string(entry, "how", at: at)))
    }
    return result
  }

  func string(_ object: [String: Any], _ key: String, at: String) throws(VCGraphError) -> String {
    guard let value = object[key] as? String else { throw fail("\(at).\(key) is not a string") }
    return value
  }

  func optionalString(_ object: [String: Any], _ key: String, at: String) throws(VCGraphError)
    -> String?
  {
    guard let value = object[key], !(value is NSNull) else { return nil }
    guard let text = value as? String else { throw fail("\(at).\(key) is not a string") }
    return text
  }

  func int(_ object: [String: Any], _ key: String, at: String) throws(VCGraphError) -> Int {
    guard let value = object[key] as? Int else { throw fail("\(at).\(key) is not a number") }
    return value
  }

  func optionalBool(_ object: [String: Any], _ key: String, at: String) throws(VCGraphError)
    -> Bool?
  {
    guard let value = object[key], !(value is NSNull) else { return nil }
    guard let flag = value as? Bool else {
      throw fail("\(at).\(key) is not true, false or null")
    }
    return flag
  }

  func choice<T: RawRepresentable & CaseIterable>(
    _ object: [String: Any], _ key: String, at: String, as type: T.Type
  ) throws(VCGraphError) -> T where T.RawValue == String {
    let text = try string(object, key, at: at)
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw fail("\(at).\(key) is '\(text)', not one of \(names)")
    }
    return value
  }

  func controller(_ item: Any, at: String) throws(VCGraphError) -> ScanController {
    guard let object = item as? [String: Any] else { throw fail("\(at) is not an object") }
    return ScanController(
      name: try string(object, "name", at: at),
      kind: try choice(object, "kind", at: at, as: ScanController.Kind.self),
      superclass: try optionalString(object, "superclass", at: at),
      file: try string(object, "file", at: at), line: try int(object, "line", at: at))
  }

  func edge(_ item: Any, at: String) throws(VCGraphError) -> ScanEdge {
    guard let object = item as? [String: Any] else { throw fail("\(at) is not an object") }
    return ScanEdge(
      from: try string(object, "from", at: at),
      fromKind: try choice(object, "fromKind", at: at, as: ScanEdge.FromKind.self),
      on: try optionalString(object, "on", at: at), to: try optionalString(object, "to", at: at),
      operation: try choice(object, "operation", at: at, as: ScanEdge.Operation.self),
      style: try optionalString(object, "style", at: at),
      animated: try optionalBool(object, "animated", at: at),
      file: try string(object, "file", at: at), line: try int(object, "line", at: at),
      column: try int(object, "column", at: at),
      via: try choice(object, "via", at: at, as: ScanEdge.Via.self),
      confidence: try choice(object, "confidence", at: at, as: ScanEdge.Confidence.self),
      reason: try optionalString(object, "reason", at: at),
      identifier: try optionalString(object, "identifier", at: at),
      transition: try optionalString(object, "transition", at: at),
      anchor: try optionalString(object, "anchor", at: at),
      definesPresentationContext: try optionalBool(
        object, "definesPresentationContext", at: at),
      helper: try optionalString(object, "helper", at: at))
  }
}
