import Foundation
import SwiftSyntax

/// A function's names seen so far: its parameters and the locals declared before the point
/// being read (`let vc = FooViewController()`), for `ShapeReader`.
package struct Scope {
  /// `viewDidLoad()`, `show(_:animated:)`.
  package var function: String
  /// Parameter names in order, with their declared type names.
  package var parameters: [(name: String, type: String?)] = []
  /// The parameters as a signature that calls are matched against (router helpers).
  var signature: [UIKitTable.Parameter] = []
  package var locals: [String: Shape] = [:]

  /// The names of a function with no parameter or local yet.
  package init(function: String) { self.function = function }
}

/// Reads what an expression stands for (`Shape`): a construction, a cast, a local's value, a
/// property, a method's result, a storyboard instantiation. Syntax only; types are looked up
/// later (`Resolver`).
package enum ShapeReader {
  /// The shape of `expression` with the names of `scope` (nil outside a function). (Its kind
  /// is read once: each failed `as` cast cost about a hundred instructions.)
  package static func shape(_ expression: ExprSyntax, scope: Scope?) -> Shape {
    let expression = unwrapped(expression)
    switch expression.kind {
    case .functionCallExpr:
      return callShape(expression.cast(FunctionCallExprSyntax.self), scope: scope)
    case .sequenceExpr:
      return cast(expression.cast(SequenceExprSyntax.self))
        ?? .unknown("an expression with operators")
    case .superExpr: return .selfValue
    case .declReferenceExpr:
      let name = expression.cast(DeclReferenceExprSyntax.self).baseName.text
      if name == "self" || name == "super" || name == "Self" { return .selfValue }
      if let scope {
        if let local = scope.locals[name] { return local }
        if let parameter = scope.parameters.first(where: { $0.name == name }) {
          return .parameter(name: name, type: parameter.type, function: scope.function)
        }
      }
      return .property(base: nil, name: name)
    case .memberAccessExpr:
      let member = expression.cast(MemberAccessExprSyntax.self)
      let name = member.declName.baseName.text
      guard let base = member.base else { return .unknown("an implicit member '.\(name)'") }
      let baseShape = shape(base, scope: scope)
      if name == "init", case .property(nil, let type) = baseShape, isTypeName(type) {
        return .construct(type)
      }
      if case .selfValue = baseShape { return .property(base: nil, name: name) }
      return .property(base: baseShape, name: name)
    case .closureExpr: return .unknown("a closure")
    case .arrayExpr: return .unknown("an array")
    case .ternaryExpr: return .unknown("a conditional expression")
    case .nilLiteralExpr: return .unknown("nil")
    case let kind: return .unknown(KindReasons.shared.reason(kind))
    }
  }

  /// `x as! Foo`, `x as? Foo` (unfolded: x, as!, Foo), else nil: `a ?? b` and the rest are
  /// not read.
  static func cast(_ sequence: SequenceExprSyntax) -> Shape? {
    let elements = sequence.elements
    guard elements.count == 3 else { return nil }
    var iterator = elements.makeIterator()
    _ = iterator.next()
    guard let operation = iterator.next(), operation.is(UnresolvedAsExprSyntax.self),
      let type = iterator.next()?.as(TypeExprSyntax.self)
    else { return nil }
    return .cast(typeName(type.type))
  }

  /// `shape(expression, scope:)` when it is a construction (`isConstruction`), else nil,
  /// without making the shapes that are not (a method's or a getter's returns are read for a
  /// construction only): a call of a type's name, `Foo.init`, a cast, a local holding one.
  /// `ShapeReaderTests` compares it with `shape` over every expression of the fixtures. The
  /// scope is asked for only by what reads a name (a local, `x.init`, a hosting's root view).
  package static func construction(
    _ expression: ExprSyntax, scope: @autoclosure () -> Scope?
  ) -> Shape? {
    let expression = unwrapped(expression)
    switch expression.kind {
    case .functionCallExpr:
      let call = expression.cast(FunctionCallExprSyntax.self)
      var callee = call.calledExpression
      if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
        callee = specialized.expression
      }
      if let reference = callee.as(DeclReferenceExprSyntax.self) {
        let name = reference.baseName.text
        if name == "UIHostingController" { return callShape(call, scope: scope()) }
        return isTypeName(name) ? .construct(name) : nil
      }
      // Else only `Foo.init(...)` can be one.
      guard let member = callee.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == "init"
      else { return nil }
      let shape = callShape(call, scope: scope())
      return shape.isConstruction ? shape : nil
    case .sequenceExpr: return cast(expression.cast(SequenceExprSyntax.self))
    case .declReferenceExpr:
      // A local's shape (`self`, a parameter, a property are none).
      let name = expression.cast(DeclReferenceExprSyntax.self).baseName.text
      guard name != "self", name != "super", name != "Self", let scope = scope(),
        let local = scope.locals[name], local.isConstruction
      else { return nil }
      return local
    case .memberAccessExpr:
      guard expression.cast(MemberAccessExprSyntax.self).declName.baseName.text == "init"
      else { return nil }
      let shape = shape(expression, scope: scope())
      return shape.isConstruction ? shape : nil
    default: return nil
    }
  }

  /// `Foo(...)`, `UIHostingController(rootView:)`, `makeFoo()`, `x.make()`, `Foo.make()`,
  /// `storyboard.instantiateViewController(withIdentifier:)`.
  package static func callShape(_ call: FunctionCallExprSyntax, scope: Scope?) -> Shape {
    var callee = call.calledExpression
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialized.expression
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name == "UIHostingController" {
        let root = argument("rootView", of: call).map {
          SwiftUIReader.view($0, scope: scope)?.0 ?? shape($0, scope: scope)
        }
        return .hosting(root)
      }
      if isTypeName(name) { return .construct(name) }
      return .call(base: nil, name: name)
    }
    guard let member = callee.as(MemberAccessExprSyntax.self) else {
      return .unknown("a call of an expression")
    }
    let name = member.declName.baseName.text
    if name == "instantiateViewController" {
      let value = argument("withIdentifier", of: call) ?? argument("identifier", of: call)
      return .instantiate(value.map(stringShape))
    }
    if name == "instantiateInitialViewController" {
      if let base = member.base.map(unwrapped), let storyboard = storyboardName(base) {
        return .instantiateInitial(storyboard)
      }
      return .instantiateInitial(nil)
    }
    guard let base = member.base else { return .unknown("an implicit member call '.\(name)'") }
    let baseShape = shape(base, scope: scope)
    if case .property(nil, let type) = baseShape, isTypeName(type) {
      if name == "init" { return .construct(type) }
      return .staticCall(type: type, name: name)
    }
    if case .selfValue = baseShape { return .call(base: nil, name: name) }
    return .call(base: baseShape, name: name)
  }

  /// `UIStoryboard(name: "Main", bundle: nil)`'s name literal.
  static func storyboardName(_ expression: ExprSyntax) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIStoryboard",
      let name = argument("name", of: call),
      case .literal(let text) = stringShape(name)
    else { return nil }
    return text
  }

  /// A segue or scene identifier: a literal, a type's name, or a constant.
  static func stringShape(_ expression: ExprSyntax) -> StringShape {
    let expression = unwrapped(expression)
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      var text = ""
      for segment in literal.segments {
        if let plain = segment.as(StringSegmentSyntax.self) {
          text += plain.content.text
        } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
          literal.segments.count == 1,
          let only = interpolation.expressions.first?.expression,
          let type = selfTypeName(only)
        {
          return .typeName(type)
        } else {
          return .constant(type: nil, name: literal.description)
        }
      }
      return .literal(text)
    }
    // `String(describing: Foo.self)`
    if let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
      let value = call.arguments.first?.expression, let type = selfTypeName(value)
    {
      return .typeName(type)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      let base = member.base.map(unwrapped)
      let baseName = base?.as(DeclReferenceExprSyntax.self)?.baseName.text
      // `Foo.className`, `Foo.identifier`, `Foo.reuseIdentifier`: the type's name by the
      // usual `static var className: String { String(describing: self) }`.
      if let baseName, isTypeName(baseName),
        ["className", "identifier", "storyboardIdentifier", "reuseIdentifier", "id", "name"]
          .contains(name)
      {
        return .constant(type: baseName, name: name)
      }
      if let baseName, isTypeName(baseName) { return .constant(type: baseName, name: name) }
      if let inner = base?.as(MemberAccessExprSyntax.self), inner.base == nil {
        return .constant(type: nil, name: name)
      }
      return .constant(type: nil, name: member.trimmedText)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return .constant(type: nil, name: reference.baseName.text)
    }
    return .constant(type: nil, name: expression.trimmedText)
  }

  /// `Foo.self` → `Foo`.
  static func selfTypeName(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "self",
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    else { return nil }
    return base.baseName.text
  }

  /// The argument labelled `label`.
  package static func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
    call.arguments.first { $0.label?.text == label }?.expression
  }

  /// Without `try`, `await`, `!`, `?`, parentheses.
  package static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    var current = expression
    while true {
      switch current.kind {
      case .tryExpr: current = current.cast(TryExprSyntax.self).expression
      case .awaitExpr: current = current.cast(AwaitExprSyntax.self).expression
      case .forceUnwrapExpr: current = current.cast(ForceUnwrapExprSyntax.self).expression
      case .optionalChainingExpr:
        current = current.cast(OptionalChainingExprSyntax.self).expression
      case .tupleExpr:
        let elements = current.cast(TupleExprSyntax.self).elements
        guard elements.count == 1, let only = elements.first, only.label == nil else {
          return current
        }
        current = only.expression
      default: return current
      }
    }
  }

  /// A type's name without generic arguments, optionals and modules (`UIKit.UIViewController`
  /// → `UIViewController`); `UIHostingController<Foo>` keeps its argument.
  package static func typeName(_ type: TypeSyntax) -> String {
    let type = named(type)
    switch type.kind {
    case .identifierType:
      let identifier = type.cast(IdentifierTypeSyntax.self)
      let name = identifier.name.text
      if name == "UIHostingController", let argument = identifier.genericArgumentClause?
        .arguments.first
      {
        return "UIHostingController<\(argument.argument.trimmedText)>"
      }
      return name
    case .memberType: return type.cast(MemberTypeSyntax.self).name.text
    default: return type.trimmedText
    }
  }

  /// Whether `typeName(type)` is `name` (not `UIHostingController`), without making the text
  /// of a type that is not a name (`(String) -> Void`).
  static func typeName(of type: TypeSyntax, is name: String) -> Bool {
    let type = named(type)
    switch type.kind {
    case .identifierType: return type.cast(IdentifierTypeSyntax.self).name.text == name
    case .memberType: return type.cast(MemberTypeSyntax.self).name.text == name
    default: return type.trimmedLength.utf8Length == name.utf8.count && type.trimmedText == name
    }
  }

  /// `type` under its optionals, `some`/`any` and attributes: the type its name is read from.
  private static func named(_ type: TypeSyntax) -> TypeSyntax {
    var current = type
    while true {
      switch current.kind {
      case .optionalType: current = current.cast(OptionalTypeSyntax.self).wrappedType
      case .implicitlyUnwrappedOptionalType:
        current = current.cast(ImplicitlyUnwrappedOptionalTypeSyntax.self).wrappedType
      case .someOrAnyType: current = current.cast(SomeOrAnyTypeSyntax.self).constraint
      case .attributedType: current = current.cast(AttributedTypeSyntax.self).baseType
      default: return current
      }
    }
  }

  /// Whether a name is spelled as a type (`FooViewController`, not `foo`).
  package static func isTypeName(_ name: String) -> Bool {
    // An ASCII letter by its byte (A to Z are ASCII's only capitals); the Unicode properties'
    // lookup cost some three hundred instructions.
    guard let byte = name.utf8.first else { return false }
    if byte < 0x80 { return (0x41...0x5A).contains(byte) }
    guard let first = name.unicodeScalars.first else { return false }
    return first.properties.isUppercase
  }
}

/// "an expression of kind K" for each syntax kind, made once per kind. The text of a
/// `SyntaxKind` (`"\(kind)"`) comes from reflection, which in a static binary searches every
/// conformance record of swift-syntax the first time for each kind (about 6 M instructions a
/// scan); the name of the kind's node type, made into the case's name, costs a fraction of
/// that (`KindReasonsTests` compares the two for every expression kind).
final class KindReasons: @unchecked Sendable {
  static let shared = KindReasons()
  private let lock = NSLock()
  private var reasons: [SyntaxKind: String] = [:]

  func reason(_ kind: SyntaxKind) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let known = reasons[kind] { return known }
    let reason = "an expression of kind " + Self.name(kind)
    reasons[kind] = reason
    return reason
  }

  /// The case's name of `kind`: its node type's name without `Syntax`, its leading capitals
  /// made small but for one before a small letter (`ABIAttributeArgumentsSyntax` →
  /// `abiAttributeArguments`, `StringLiteralExprSyntax` → `stringLiteralExpr`).
  static func name(_ kind: SyntaxKind) -> String {
    var type = Array(_typeName(kind.syntaxNodeType, qualified: false).utf8)
    if type.count > 6 && type.suffix(6).elementsEqual("Syntax".utf8) { type.removeLast(6) }
    var capitals = 0
    while capitals < type.count, (0x41...0x5A).contains(type[capitals]) { capitals += 1 }
    if capitals > 1 && capitals < type.count { capitals -= 1 }
    for index in 0..<capitals { type[index] += 0x20 }
    return String(decoding: type, as: UTF8.self)
  }
}
