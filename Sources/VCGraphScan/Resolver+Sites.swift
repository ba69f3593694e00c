import VCGraphCore

// Sites to edges: the receiver rule, the operation's name by the receiver's kind, `to` and
// its reason, effect details; router helpers' call sites.

extension Resolver {
  /// What a site's receiver is: the type `on` names (nil when unknown) and how sure the scan
  /// is; nil when the receiver is not a UIKit controller (an app's own `present`, a HUD's
  /// `dismiss(animated:)`, SpriteKit's `addChild`).
  func receiver(of site: Site) -> (on: String?, confidence: ScanEdge.Confidence)? {
    guard site.checksReceiver else { return (site.on, .type) }
    guard let shape = site.receiver else {
      // Implicit `self`.
      let context = site.context
      guard let type = context.typeName else { return nil }
      if isControllerContext(context) { return (type, .type) }
      if table[type]?.ownOperations.contains(site.name) == true { return nil }
      switch table.isController(type) {
      case false?: return nil
      default: return (nil, .labels)
      }
    }
    if case .uikitProperty(let name) = shape, !isControllerContext(site.context) {
      return (UIKitTable.controllerProperties[name], .labels)
    }
    let resolution = resolve(shape, in: site.context)
    guard let type = resolution.type else { return (nil, .labels) }
    if site.operation == .root {
      // A window's property: any type but a controller (whose `rootViewController` is not
      // UIKit's) may hold it.
      return table.isController(type) == true ? nil : (type, .type)
    }
    switch table.isController(type) {
    case true?: return (type, .type)
    case false?: return nil
    case nil:
      // A type neither scanned nor in the table (a library's): a controller by its name.
      return type.hasSuffix("Controller") ? (type, .labels) : nil
    }
  }

  /// The edges of one site (one per destination; one for a site without destination).
  func edges(of site: Site, file: String) -> [ScanEdge] {
    guard var (on, confidence) = receiver(of: site) else { return [] }
    var operation = site.operation
    switch operation {
    case .setViewControllers:
      if let on, table.inherits(on, from: "UITabBarController") {
        operation = .tab
      } else if let on, table.inherits(on, from: "UISplitViewController") {
        operation = .split
      } else if let on, !table.inherits(on, from: "UINavigationController"),
        table.isController(on) == true, table.property("viewControllers", of: on) == nil
      {
        // A controller that is no container (unless it declares `viewControllers` itself,
        // as a wrapper around a navigation controller does).
        return []
      }
    case .root:
      if case .property(_, let name)? = site.receiver, on == nil,
        name.lowercased().hasSuffix("window")
      {
        on = "UIWindow"
      }
    case .navigationRoot:
      guard let type = site.on, table.inherits(type, from: "UINavigationController") else {
        return []
      }
    case .instantiate:
      on = "UIStoryboard"
      confidence = .type
    default:
      break
    }
    let destinations = site.destinations.isEmpty ? [nil] : site.destinations.map(Optional.some)
    return destinations.map { destination in
      var edge = ScanEdge(
        from: from(site.context, file: file), fromKind: fromKind(site.context), on: on,
        to: nil, operation: operation, style: site.details.style, animated: site.animated,
        file: file, line: site.line, column: site.column, via: .code, confidence: confidence,
        transition: site.details.transition, anchor: site.details.anchor,
        definesPresentationContext: site.details.definesPresentationContext)
      if site.on != nil, site.operation != .navigationRoot { edge.on = site.on }
      resolveDestination(destination, of: site, into: &edge)
      return edge
    }
  }

  /// Sets `to` (or `reason`) and a segue's or scene's identifier.
  func resolveDestination(_ destination: Shape?, of site: Site, into edge: inout ScanEdge) {
    switch site.operation {
    case .segue:
      guard let identifier = site.identifier else {
        edge.reason = "performSegue without an identifier"
        return
      }
      guard let text = string(identifier, in: site.context) else {
        edge.reason = "the identifier is not a literal or a constant vcgraph can read"
        return
      }
      edge.identifier = text
      let joined = storyboards.segue(text, from: edge.from, table: table)
      edge.to = joined.type
      edge.reason = joined.reason
      edge.style = edge.style ?? storyboards.segueKind(text, from: edge.from)
      return
    case .instantiate:
      if let identifier = site.identifier {
        edge.identifier = string(identifier, in: site.context)
      }
    case .dismiss, .pop:
      if destination == nil {
        edge.reason =
          site.operation == .dismiss
          ? "dismiss has no destination: it removes what the receiver presented"
          : "a pop has no destination: it goes back to a controller already on the stack"
        return
      }
    default:
      break
    }
    guard let destination else {
      edge.reason = "no destination argument"
      return
    }
    let resolution = resolve(destination, in: site.context)
    if let type = resolution.type, !Self.generalTypes.contains(type) {
      edge.to = type
    } else if let type = resolution.type {
      edge.reason =
        type.hasSuffix("View")
        ? "declared only as some View: a view built in place, no type of its own"
        : "declared only as \(type)"
    } else {
      edge.reason = resolution.reason ?? "unresolved"
    }
  }

  // MARK: - Helpers

  /// The router helpers by name: functions whose body does an operation with a parameter on
  /// a receiver that is (or may be) a controller.
  func helpersByName() -> [String: [HelperFact]] {
    var helpers: [String: [HelperFact]] = [:]
    for file in files {
      for helper in file.helpers where receiver(of: helper.site) != nil {
        helpers[helper.name, default: []].append(helper)
      }
    }
    return helpers
  }

  /// The call sites of router helpers in `file` as edges (`via: helper`), one level deep.
  func helperEdges(in file: FileFacts, helpers: [String: [HelperFact]]) -> [ScanEdge] {
    guard !helpers.isEmpty else { return [] }
    var result: [ScanEdge] = []
    for call in file.calls {
      let key = ShapeReader.isTypeName(call.name) && call.receiver == nil ? "init" : call.name
      guard let candidates = helpers[key] else { continue }
      for helper in candidates {
        guard let argument = Self.argumentIndex(call.labels, helper.parameters, helper.parameter),
          argument < call.arguments.count,
          let confidence = callsHelper(call, helper)
        else { continue }
        guard var edge = edges(of: helper.site, file: file.file).first else { continue }
        edge.from = from(call.context, file: file.file)
        edge.fromKind = fromKind(call.context)
        edge.file = file.file
        edge.line = call.line
        edge.column = call.column
        edge.via = .helper
        edge.helper = helper.signature
        edge.confidence = edge.confidence == .labels ? .labels : confidence
        edge.to = nil
        edge.reason = nil
        let resolution = resolve(call.arguments[argument], in: call.context)
        if let type = resolution.type, !Self.generalTypes.contains(type) {
          edge.to = type
        } else {
          edge.reason =
            resolution.type.map { "declared only as \($0)" } ?? resolution.reason
            ?? "unresolved"
        }
        result.append(edge)
        break
      }
    }
    return result
  }

  /// Whether `call` calls `helper`: the same type (or a subclass, or any controller for a
  /// helper in a controller extension) when implicit, a receiver of that type, or a receiver
  /// vcgraph cannot type (`labels`).
  func callsHelper(_ call: CallFact, _ helper: HelperFact) -> ScanEdge.Confidence? {
    guard let owner = helper.owner else { return call.receiver == nil ? .type : nil }
    if helper.name == "init" { return call.receiver == nil && call.name == owner ? .type : nil }
    func fits(_ type: String) -> Bool {
      table.chain(type).contains(owner)
        || (table[owner]?.kind == .extension && table.chain(type).contains(owner))
        || (owner == "UIViewController" && table.isController(type) == true)
    }
    guard let receiver = call.receiver else {
      guard let type = call.context.typeName else { return nil }
      return fits(type) || (owner == "UIViewController" && isControllerContext(call.context))
        ? .type : nil
    }
    guard let type = resolve(receiver, in: call.context).type else { return .labels }
    return fits(type) ? .type : nil
  }

  /// The index in a call's arguments of the parameter at `parameter`, matching labels as
  /// `UIKitTable.matches` does (parameters with defaults may be left out).
  static func argumentIndex(
    _ labels: [String], _ parameters: [UIKitTable.Parameter], _ parameter: Int
  ) -> Int? {
    guard UIKitTable.matches(labels, parameters) else { return nil }
    var index = 0
    for (position, item) in parameters.enumerated() {
      let matched =
        index < labels.count
        && (labels[index] == item.label || (labels[index] == "{}" && item.closure))
      if position == parameter { return matched ? index : nil }
      if matched { index += 1 }
    }
    return nil
  }
}
