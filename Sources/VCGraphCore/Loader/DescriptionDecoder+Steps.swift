/// The `analyze` and `steps` grammar of a description (`format.md`, "Analyze" and "Steps").
extension DescriptionDecoder {
  mutating func decodeAnalyze(_ node: YAMLNode) throws(VCGraphError) {
    for item in try sequence(node, key: "analyze") {
      try problems.recover { () throws(VCGraphError) in
        let (operation, arguments, pairs) = try singleKey(item, what: "an `analyze` entry")
        switch operation.key {
        case "dismiss":
          try checkKeys(pairs, allowed: ["from", "levels", "toClass"], in: "`dismiss`")
          let (from, levels, toClass) = try dismissArguments(pairs, at: arguments.mark)
          hierarchy.requests.append(
            .dismiss(from: from, levels: levels, toClass: toClass, location: loc(item.mark)))
        case "responderChain":
          try checkKeys(pairs, allowed: ["from"], in: "`responderChain`")
          let from = try required("from", in: pairs, at: arguments.mark)
          let id = try identifier(from, key: "from")
          if hierarchy.view(id: id) == nil && hierarchy.controller(id: id) == nil {
            throw VCGraphError.data(
              "no view or controller has the id '\(id)'", at: loc(from.mark),
              hint: suggestion(
                for: id, among: hierarchy.views.compactMap(\.id) + hierarchy.controllers.map(\.id)))
          }
          hierarchy.requests.append(.responderChain(from: id, location: loc(item.mark)))
        default:
          throw error(
            "unknown analysis '\(operation.key)'", at: operation.keyMark,
            hint: suggestion(for: operation.key, among: ["dismiss", "responderChain"]))
        }
      }
    }
  }

  func dismissArguments(
    _ pairs: YAMLPairs, at mark: Mark
  ) throws(VCGraphError) -> (String, Int?, String?) {
    let fromNode = try required("from", in: pairs, at: mark)
    let from = try identifier(fromNode, key: "from")
    guard hierarchy.controller(id: from) != nil else {
      throw unknownID(from, at: loc(fromNode.mark))
    }
    let (levels, toClass) = try dismissScope(pairs)
    return (from, levels, toClass)
  }

  /// A dismiss's `levels` (1 or more) or `toClass`, at most one of them: an `analyze:` entry's
  /// and a `dismiss` step's.
  func dismissScope(_ pairs: YAMLPairs) throws(VCGraphError) -> (Int?, String?) {
    let levels = try value("levels", in: pairs).map { v throws(VCGraphError) in
      try integer(v, key: "levels")
    }
    let toClass = try value("toClass", in: pairs).map { v throws(VCGraphError) in
      try string(v, key: "toClass")
    }
    if let levels, levels < 1 {
      throw error("`levels` must be 1 or more", at: value("levels", in: pairs)!.mark)
    }
    if levels != nil && toClass != nil {
      throw error(
        "`levels` and `toClass` cannot be used together",
        at: value("toClass", in: pairs)!.mark, hint: "dismiss takes one of them, or neither")
    }
    return (levels, toClass)
  }

  /// A steps file (`simulate --steps FILE`) for the hierarchy being decoded into: `steps`, and
  /// `classes` for the custom classes its inline controllers use.
  mutating func decodeStepsDocument(_ root: YAMLNode) throws(VCGraphError) -> [Step] {
    let pairs = try mapping(root, what: "the top level of a steps file")
    try checkKeys(
      pairs, allowed: ["classes", "steps"], in: "a steps file",
      otherKeys: Self.topKeys.filter { $0 != "classes" && $0 != "steps" })
    if let classes = value("classes", in: pairs) { try decodeClasses(classes) }
    let steps = try required("steps", in: pairs, at: root.mark)
    hierarchy.steps = []
    try decodeSteps(steps)
    try problems.check()
    return hierarchy.steps
  }

  mutating func decodeSteps(_ node: YAMLNode) throws(VCGraphError) {
    for item in try sequence(node, key: "steps") {
      try problems.recover { () throws(VCGraphError) in
        if var step = try performStep(item) {
          step.note = try stepNote(item)
          hierarchy.steps.append(step)
          return
        }
        let (operation, arguments, pairs, note) = try stepOperation(item)
        func id(_ key: String) throws(VCGraphError) -> String {
          try identifier(try required(key, in: pairs, at: arguments.mark), key: key)
        }
        let op: Step.Operation
        switch operation.key {
        case "present":
          try checkKeys(pairs, allowed: ["from", "controller"], in: "`present`")
          op = .present(
            from: try id("from"), controller: try stepController(pairs, at: arguments.mark))
        case "dismiss":
          try checkKeys(pairs, allowed: ["from", "levels", "toClass"], in: "`dismiss`")
          let fromNode = try required("from", in: pairs, at: arguments.mark)
          let (levels, toClass) = try dismissScope(pairs)
          op = .dismiss(
            from: try identifier(fromNode, key: "from"), levels: levels, toClass: toClass)
        case "push":
          try checkKeys(pairs, allowed: ["on", "controller"], in: "`push`")
          op = .push(on: try id("on"), controller: try stepController(pairs, at: arguments.mark))
        case "pop":
          try checkKeys(pairs, allowed: ["on"], in: "`pop`")
          op = .pop(on: try id("on"))
        case "popTo":
          try checkKeys(pairs, allowed: ["on", "controller"], in: "`popTo`")
          op = .popTo(on: try id("on"), controller: try id("controller"))
        case "popToRoot":
          try checkKeys(pairs, allowed: ["on"], in: "`popToRoot`")
          op = .popToRoot(on: try id("on"))
        case "select":
          try checkKeys(pairs, allowed: ["on", "index", "controller"], in: "`select`")
          let index = try value("index", in: pairs).map { v throws(VCGraphError) in
            try self.index(v, key: "index")
          }
          let controller = try value("controller", in: pairs).map { v throws(VCGraphError) in
            try identifier(v, key: "controller")
          }
          if (index == nil) == (controller == nil) {
            throw error(
              "`select` takes exactly one of `index` and `controller`", at: arguments.mark)
          }
          op = .select(on: try id("on"), index: index, controller: controller)
        case "addChild":
          try checkKeys(pairs, allowed: ["parent", "controller", "attach"], in: "`addChild`")
          let attach = try value("attach", in: pairs).map { v throws(VCGraphError) in
            try bool(v, key: "attach")
          }
          op = .addChild(
            parent: try id("parent"), controller: try stepController(pairs, at: arguments.mark),
            attach: attach ?? true)
        case "removeFromParent":
          try checkKeys(pairs, allowed: ["controller"], in: "`removeFromParent`")
          op = .removeFromParent(controller: try id("controller"))
        case "show":
          try checkKeys(pairs, allowed: ["container", "child"], in: "`show`")
          op = .show(container: try id("container"), child: try id("child"))
        case "makeKey":
          try checkKeys(pairs, allowed: ["window"], in: "`makeKey`")
          op = .makeKey(window: try id("window"))
        case "focus":
          try checkKeys(pairs, allowed: ["scene"], in: "`focus`")
          op = .focus(scene: try id("scene"))
        default:
          throw error(
            "unknown step '\(operation.key)'", at: operation.keyMark,
            hint: suggestion(for: operation.key, among: Self.stepNames))
        }
        var step = Step(op, location: loc(item.mark))
        for pair in pairs { step.keyLocations[pair.key] = loc(pair.value.mark) }
        step.note = note
        hierarchy.steps.append(step)
      }
    }
  }

  /// A step's one operation key, its arguments, and its optional `note:` beside it.
  func stepOperation(
    _ item: YAMLNode
  ) throws(VCGraphError) -> (YAMLPair, YAMLNode, YAMLPairs, String?) {
    let all = try mapping(item, what: "a step")
    let operations = all.filter { $0.key != "note" }
    let note = try stepNote(item)
    guard operations.count == 1 else {
      throw error(
        "a step has exactly one key, the operation (and an optional `note`); found"
          + " \(operations.count)", at: item.mark,
        hint: "write each operation as its own `- ` item")
    }
    let arguments = try mapping(
      operations[0].value, what: "the arguments of `\(operations[0].key)`")
    return (operations[0], operations[0].value, arguments, note)
  }

  /// A step's `note:` beside its operation, if it has one.
  func stepNote(_ item: YAMLNode) throws(VCGraphError) -> String? {
    let notes = try mapping(item, what: "a step").filter { $0.key == "note" }
    if notes.count > 1 {
      throw error(
        "duplicate key 'note' (first at line \(notes[0].keyMark.line))", at: notes[1].keyMark,
        hint: "each key appears once in a mapping")
    }
    return try notes.first.map { pair throws(VCGraphError) in try string(pair.value, key: "note") }
  }

  static let stepNames = [
    "present", "dismiss", "push", "pop", "popTo", "popToRoot", "select", "addChild",
    "removeFromParent", "show", "makeKey", "focus", "perform",
  ]

  /// `perform: SEGUE` (from the top view controller) or `perform: { segue: SEGUE, from: ID }`;
  /// nil for another step.
  func performStep(_ item: YAMLNode) throws(VCGraphError) -> Step? {
    guard case .mapping(let outer) = item.value else { return nil }
    let operations = outer.filter { $0.key != "note" }
    guard operations.count == 1, operations[0].key == "perform" else { return nil }
    let argument = operations[0].value
    var step: Step
    if argument.scalar != nil {
      step = Step(
        .perform(segue: try identifier(argument, key: "perform"), from: nil),
        location: loc(item.mark))
      step.keyLocations["segue"] = loc(argument.mark)
      return step
    }
    let pairs = try mapping(argument, what: "the arguments of `perform`")
    try checkKeys(pairs, allowed: ["segue", "from"], in: "`perform`")
    let segue = try identifier(try required("segue", in: pairs, at: argument.mark), key: "segue")
    let from = try value("from", in: pairs).map { v throws(VCGraphError) in
      try identifier(v, key: "from")
    }
    step = Step(.perform(segue: segue, from: from), location: loc(item.mark))
    for pair in pairs { step.keyLocations[pair.key] = loc(pair.value.mark) }
    return step
  }

  /// A controller written inline in a step, decoded into its own fragment.
  func stepController(
    _ pairs: YAMLPairs, at mark: Mark
  ) throws(VCGraphError) -> StepController {
    let node = try required("controller", in: pairs, at: mark)
    var decoder = DescriptionDecoder(path: path, limits: limits, declaredKinds: declaredKinds)
    decoder.hierarchy.superclasses = hierarchy.superclasses
    decoder.classKinds = classKinds
    let root = try decoder.decodeController(node, parent: nil)
    try decoder.problems.check()
    try decoder.nameAnonymousControllers()
    try decoder.resolveReferences()
    return StepController(fragment: decoder.hierarchy, root: root)
  }
}
