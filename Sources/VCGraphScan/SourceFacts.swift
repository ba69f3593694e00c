import VCGraphCore

// What one file's parse leaves behind for resolution, with no syntax tree kept: the types it
// declares, and each navigation site with the shapes of its receiver and destination. The
// visitors (`DeclarationCollector`, `OperationCollector`) make it; `Resolver` joins all files'.

/// The facts of one Swift file.
struct FileFacts: Sendable {
  /// The path relative to the scan root.
  var file: String
  var types: [TypeFact] = []
  var sites: [Site] = []
  /// Calls of functions with arguments that are not UIKit operations, for router helpers.
  var calls: [CallFact] = []
  /// Functions whose body does an operation with a parameter (router helpers).
  var helpers: [HelperFact] = []
  /// Swift lines read (for the benchmark's figures).
  var lines = 0
  /// The hashes of the words that may call a function in what the operations' walk skipped
  /// (`ScanKeywords`), and of the names of the calls it walked but did not record (no helper
  /// known when the file was read has their name: `OperationCollector.helperKeys`): whether
  /// a router helper may be called there. A list, repeats kept: a set's hashing of every key
  /// cost more than the one check against the helpers' keys.
  var skippedCallees: [UInt32] = []
  /// The bytes the operations' walk skipped.
  var skippedBytes = 0
}

/// A type declaration or an extension.
package struct TypeFact: Sendable, Equatable {
  package enum Kind: String, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `extension`, actor
  }
  package var name: String
  package var kind: Kind
  /// The inheritance clause's names, generic arguments stripped (`UIViewController`, `View`).
  package var inherited: [String]
  /// What the extensions of a declared type conform it to (`extension Foo: View`), merged by
  /// `TypeTable`: never its superclass.
  var conformances: [String] = []
  /// Names in a `where Self: UIViewController` clause of a protocol extension.
  var selfConstraints: [String] = []
  /// Whether it has generic parameters (`LazyView<Content>`).
  var isGeneric = false
  /// Whether it is marked `@main`.
  var isMain = false
  var file: String
  var line: Int
  /// Stored and computed properties: name → what they hold.
  var properties: [String: Shape] = [:]
  /// Methods: `name` → what they return (declared type, or the returned construction).
  var methods: [String: Shape] = [:]
  /// The names of UIKit operations the type declares as its own methods
  /// (`present`, `dismiss`): implicit calls inside it go to them.
  package var ownOperations: Set<String> = []
  /// The Objective-C selectors of its unwind actions (`unwindToList:` for
  /// `func unwindToList(_ segue: UIStoryboardSegue)`).
  var unwindActions: Set<String> = []
  /// `static let x = "literal"` string constants.
  var stringConstants: [String: String] = [:]
}

/// What an expression stands for, as far as one file can tell.
package indirect enum Shape: Sendable, Hashable {
  /// `Foo(...)`, `Foo.init(...)`.
  case construct(String)
  /// `UIHostingController(rootView: content)`.
  case hosting(Shape?)
  /// `x as! Foo`, `as? Foo`.
  case cast(String)
  /// A declared type (`let x: Foo`, `var foo: Foo`, `func f() -> Foo`).
  case typed(String)
  /// `self` (or `super`).
  case selfValue
  /// A property: `base.name`, or `name` on `self` when `base` is nil.
  case property(base: Shape?, name: String)
  /// A method's result: `base.name(...)`, or on `self` (or a global function) when nil.
  case call(base: Shape?, name: String)
  /// A static method's result: `Foo.make()`.
  case staticCall(type: String, name: String)
  /// A parameter of the enclosing function.
  case parameter(name: String, type: String?, function: String)
  /// `storyboard.instantiateViewController(withIdentifier:)`.
  case instantiate(StringShape?)
  /// `instantiateInitialViewController()` of the storyboard named, when named by a literal.
  case instantiateInitial(String?)
  /// UIKit's own property of a controller: `navigationController`, `tabBarController`, ...
  case uikitProperty(String)
  /// A SwiftUI view that may wrap its content (`LazyView(ItemsView())`): the content when the
  /// wrapper is a generic view of the app or a SwiftUI container, else the wrapper.
  case wrapper(String, Shape)
  /// Something else, with why it cannot be resolved.
  case unknown(String)
}

/// A string argument: a segue or scene identifier.
package enum StringShape: Sendable, Hashable {
  case literal(String)
  /// `Foo.className`, `String(describing: Foo.self)`, `"\(Foo.self)"`: the type's name.
  case typeName(String)
  /// `Foo.bar` or `bar`: a constant declared somewhere.
  case constant(type: String?, name: String)
}

/// Where a site sits: its enclosing type and function.
package struct Context: Sendable, Hashable {
  /// The innermost enclosing type or extended type, nil at file level.
  package var typeName: String?
  /// The enclosing type's declaration kind (an extension counts as one).
  package var typeKind: TypeFact.Kind?
  /// `where Self: UIViewController` names when inside such a protocol extension.
  package var selfConstraints: [String] = []
  /// The enclosing function's name (`viewDidLoad()`), if any.
  package var function: String?

  /// A context: the enclosing type (its kind and `where Self:` names) and function.
  package init(
    typeName: String? = nil, typeKind: TypeFact.Kind? = nil, selfConstraints: [String] = [],
    function: String? = nil
  ) {
    self.typeName = typeName
    self.typeKind = typeKind
    self.selfConstraints = selfConstraints
    self.function = function
  }
}

/// One operation site in code.
struct Site: Sendable {
  /// The UIKit or SwiftUI operation as written; resolution names it (`setViewControllers`
  /// on a tab bar controller is `tab`).
  var operation: ScanEdge.Operation
  /// The method or property name written (`pushViewController`, `viewControllers`).
  var name: String
  /// The receiver, nil when implicit (`present(...)` inside a type).
  var receiver: Shape?
  /// Whether a receiver is needed and checked (false for SwiftUI constructs and
  /// constructions such as `UINavigationController(rootViewController:)`).
  var checksReceiver = true
  /// The destinations (one per element of an array literal); empty for dismiss and pops.
  var destinations: [Shape]
  /// The identifier of a segue or a scene.
  var identifier: StringShape?
  var context: Context
  var line: Int
  var column: Int
  var animated: Bool?
  var details = EffectDetails()
  /// For `hosting` and SwiftUI sites: the type the site's `on` names (`UIHostingController<V>`).
  var on: String?
}

/// A call that may be of a router helper: the callee's name with labels, its receiver and
/// arguments.
struct CallFact: Sendable {
  /// `showDetail`.
  var name: String
  /// The arguments' labels (`_` for none, `{}` for a trailing closure).
  var labels: [String]
  var receiver: Shape?
  var arguments: [Shape]
  var context: Context
  var line: Int
  var column: Int
}

/// An app function that does an operation with one of its parameters.
struct HelperFact: Sendable {
  /// `showDetail`.
  var name: String
  /// `showDetail(_:animated:)`.
  var signature: String
  /// Its parameters, for matching calls.
  var parameters: [UIKitTable.Parameter]
  /// The type that declares it (nil for a global function).
  var owner: String?
  /// The parameter's position.
  var parameter: Int
  /// The site inside it (its receiver resolved later as for any site).
  var site: Site
}

/// Effect details set on a value before a call in the same function.
struct EffectDetails: Sendable, Hashable {
  var style: String?
  var transition: String?
  var anchor: String?
  var definesPresentationContext: Bool?
}
