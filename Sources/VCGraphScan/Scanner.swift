import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore

/// `vcgraph scan`: parses the Swift files in parallel (one file per parse, no tree kept once
/// its facts are read), reads the storyboards, and resolves everything into a `ScanResult`.
public struct Scanner: Sendable {
  /// Files larger than this are not parsed (reported): generated sources of many megabytes.
  public var maxFileBytes = 8 << 20
  /// Whether the operations' walk skips the functions whose bytes hold no name that can make
  /// a site (`ScanKeywords`); the result is the same either way (`ScanSkippingTests`).
  var skipsUnmarked = true

  public init() {}

  /// What a scan found, and the files it could not read (each a warning to print as it is:
  /// `warning: path: why`, or `path:line:column: warning: why` and a `note:` line).
  public struct Outcome: Sendable {
    public var result: ScanResult
    public var problems: [String]
    /// Swift lines read.
    public var lines: Int
    /// The files' facts, storyboards and type table the result was resolved from. They are
    /// kept with the outcome, not freed when `scan` returns, so that a program that prints
    /// the result and exits with the outcome still held never frees their many small objects
    /// (vcgraph-swift: about 10 M instructions of a 1.7 G scan).
    let resolver: Resolver
  }

  /// Scans `sources`; paths in the result are relative to `sources.root`.
  public func scan(_ sources: ScanSources) -> Outcome {
    let relativePaths = RelativePaths(root: sources.root)
    let relative: @Sendable (String) -> String = { relativePaths.relative($0) }
    let paths = sources.swiftFiles
    let limit = maxFileBytes
    // The storyboards are read on a thread of their own while the Swift files are parsed:
    // read after them, they kept one core busy and the other idle (a tenth of the scan's
    // time on two cores).
    let storyboardPaths = sources.storyboards
    let storyboards = InBackground { StoryboardIndex(paths: storyboardPaths, relative: relative) }
    let found = Self.facts(count: paths.count, skipping: skipsUnmarked) { index in
      Self.read(paths[index], limit: limit).map { ($0, relative(paths[index])) }
    }
    let files = found.facts
    var problems = found.problems
    let storyboardIndex = storyboards.value
    problems += storyboardIndex.problems
    let resolver = Resolver(files: files, storyboards: storyboardIndex, table: found.table)
    return Outcome(
      result: resolver.result(), problems: problems, lines: files.reduce(0) { $0 + $1.lines },
      resolver: resolver)
  }

  struct Problem: Error {
    var message: String
  }

  /// One file's bytes.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
    // A regular file only, never blocking (a FIFO named `x.swift` would hang the scan), at most
    // `limit` bytes: what every file vcgraph reads goes through.
    do {
      return .success(try InputFileReading.read(path, limit: limit))
    } catch {
      let message = error.location == nil ? error.message : "\(path): \(error.message)"
      return .failure(Problem(message: message + "; not read"))
    }
  }

  /// The facts of `count` files, parsed in parallel, `read(index)` giving a file's bytes and
  /// its name in the result, the problems of those that could not be read, and the table of
  /// their types (merged while they are parsed: `TypeTable.Merging`).
  ///
  /// With `skipping`, the router helpers found so far count as marks for the files read
  /// after them (their calls are walked), and a file whose skipped functions hold a word that
  /// may call a helper of any file (`ScanKeywords`) is read and parsed again with every
  /// helper's names counted as marks, so that its calls of them are kept. A file read with
  /// some helpers' names and needing no second reading has the facts it would have with all
  /// of them: what they would also walk holds none of their calls.
  static func facts(
    count: Int, skipping: Bool, read: @Sendable (Int) -> Result<([UInt8], String), Problem>
  ) -> (facts: [FileFacts], problems: [String], table: TypeTable) {
    let box = FactsBox(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let extra = skipping ? box.helperKeys : []
      box.set(
        index,
        read(index).map { facts(source: $0.0, file: $0.1, skipping: skipping, extra: extra) })
    }
    if skipping {
      let helpers = box.helperKeys
      let keys = ScanKeywords.KeySet(helpers)
      let again = box.items.indices.filter { index in
        guard case .success(let facts)? = box.items[index] else { return false }
        return facts.skippedCallees.contains(where: keys.contains)
      }
      DispatchQueue.concurrentPerform(iterations: again.count) { item in
        let index = again[item]
        // The declarations do not depend on the marks: the first reading's types, which the
        // table has merged, stay, and are not collected again.
        let types = box.types(at: index)
        box.set(
          index,
          read(index).map {
            facts(source: $0.0, file: $0.1, skipping: true, extra: helpers, types: types)
          }, first: false)
      }
    }
    var files: [FileFacts] = []
    var problems: [String] = []
    for item in box.items {
      switch item {
      case .success(var facts)?:
        facts.skippedCallees = []
        files.append(facts)
      case .failure(let problem)?: problems.append("warning: " + problem.message)
      case nil: break
      }
    }
    return (files, problems, box.finishTypes())
  }

  /// The facts of source text (also what the tests use on snippets); with `skipping`, the
  /// operations' walk skips what holds no word of `table` (`ScanKeywords.names`) nor of
  /// `extra`'s hashes. `types`: the file's declarations as already collected.
  static func facts(
    source: [UInt8], file: String, skipping: Bool = false, extra: Set<UInt32> = [],
    table: ScanKeywords.Table = ScanKeywords.byFirstByte, types: [TypeFact]? = nil
  ) -> FileFacts {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let index = skipping ? ScanKeywords.index(source, extra: extra, table: table) : nil
    let lines = index.map { SourceLines(starts: $0.lineStarts) } ?? SourceLines(source)
    var facts = FileFacts(file: file)
    if let types {
      facts.types = types
    } else {
      let declarations = DeclarationCollector(file: file, lines: lines)
      declarations.returnOffsets = index?.returns
      declarations.walk(tree)
      facts.types = declarations.types
    }
    func operations(_ index: ScanKeywords.Index?, extra: Set<UInt32>) -> OperationCollector {
      let operations = OperationCollector(file: file, lines: lines)
      operations.marks = index?.marks
      if index != nil {
        operations.names = table
        operations.helperKeys = extra
      }
      operations.walk(tree)
      return operations
    }
    var collected = operations(index, extra: extra)
    if var found = index {
      var callees = ScanKeywords.callees(found, in: collected.skipped) + collected.unrecorded
      // A helper of this file that the file itself may call: the walk is made again with its
      // keys counted, on the tree at hand, rather than the file read again once all are.
      let own = Set(collected.helpers.flatMap(ScanKeywords.keys)).subtracting(extra)
      if !own.isEmpty, callees.contains(where: own.contains) {
        let more = extra.union(own)
        found = ScanKeywords.index(source, extra: more, table: table)
        collected = operations(found, extra: more)
        callees = ScanKeywords.callees(found, in: collected.skipped) + collected.unrecorded
      }
      facts.skippedCallees = callees
      facts.skippedBytes = collected.skipped.reduce(0) { $0 + $1.count }
    }
    facts.sites = collected.sites
    facts.calls = collected.calls
    facts.helpers = collected.helpers
    facts.lines = lines.lineCount(tree)
    return facts
  }

  /// Scans source texts given by name (for tests and tools): `[(file, text)]`, storyboards
  /// as already read.
  static func scan(
    sources: [(String, String)], storyboards: StoryboardIndex = StoryboardIndex(),
    skipping: Bool = true
  ) -> ScanResult {
    let texts = sources.map { (Array($0.1.utf8), $0.0) }
    let found = facts(count: texts.count, skipping: skipping) { .success(texts[$0]) }
    return Resolver(files: found.facts, storyboards: storyboards, table: found.table).result()
  }
}

/// A value made on a thread of its own (not one of Dispatch's, which `concurrentPerform`
/// keeps busy), waited for when asked.
private final class InBackground<Value: Sendable>: @unchecked Sendable {
  private var result: Value?
  private let done = DispatchSemaphore(value: 0)

  init(_ make: @escaping @Sendable () -> Value) {
    Thread {
      self.result = make()
      self.done.signal()
    }.start()
  }

  /// The value, once made (the semaphore orders the thread's write before this read).
  var value: Value {
    done.wait()
    done.signal()
    return result!
  }
}

/// The per-file results, written from several threads, each index once; and the type table,
/// merged in the files' order while later files are still being parsed (built after them, it
/// kept one core busy and the other idle: 20 ms of a 0.7 s scan of 500,000 lines).
private final class FactsBox: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var items: [Result<FileFacts, Scanner.Problem>?]
  /// The type table, merged while later files are parsed.
  private let table: TypeTable.Merging
  /// The keys of the router helpers of the files set so far (`ScanKeywords.keys`).
  private var keys = Set<UInt32>()

  init(count: Int) {
    items = Array(repeating: nil, count: count)
    table = TypeTable.Merging(count: count)
  }

  /// Sets a file's result; a first reading's also gives the table its types.
  func set(_ index: Int, _ value: Result<FileFacts, Scanner.Problem>, first: Bool = true) {
    var found: [UInt32] = []
    if case .success(let facts) = value {
      for helper in facts.helpers { found += ScanKeywords.keys(helper) }
    }
    lock.lock()
    items[index] = value
    keys.formUnion(found)
    lock.unlock()
    if first { table.add(index, (try? value.get())?.types ?? []) }
  }

  /// The helpers' keys so far.
  var helperKeys: Set<UInt32> {
    lock.lock()
    defer { lock.unlock() }
    return keys
  }

  /// A file's types, once it has been read (none when it could not be).
  func types(at index: Int) -> [TypeFact]? {
    lock.lock()
    defer { lock.unlock() }
    switch items[index] {
    case .success(let facts)?: return facts.types
    case .failure?: return []
    case nil: return nil
    }
  }

  /// The table of every file's types, once all are read.
  func finishTypes() -> TypeTable { table.finish() }
}

extension Resolver {
  /// Every edge and controller, sorted: code by file, line and column, then storyboards.
  func result() -> ScanResult {
    // Each file's edges in parallel (resolving reads the table only): made one file after the
    // other, they kept one core busy and the other idle.
    let helpers = helpersByName()
    // Sorted by file, line and column. Each file's edges are sorted on their own (the sort is
    // stable: a site's before a helper call's at the same place) and the files follow their
    // order when their names are in order, as the scan's sorted paths make them (comparing
    // the paths of 10,000 edges cost 3 ms at the end of a 0.6 s scan).
    let inOrder = zip(files, files.dropFirst()).allSatisfy { $0.file < $1.file }
    let perFile = parallelMap(files.count) { index in
      let file = files[index]
      var edges =
        file.sites.flatMap { self.edges(of: $0, file: file.file) }
        + helperEdges(in: file, helpers: helpers)
      if inOrder { edges.sort { ($0.line, $0.column) < ($1.line, $1.column) } }
      return edges
    }
    var edges = perFile.flatMap { $0 }
    if !inOrder {
      edges.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }
    edges += storyboards.edges(table: table, unwindTargets: table.unwindTargets)

    // The types are read field by field: a `for fact in file.types` copied every fact (a
    // dozen references each).
    var controllers: [ScanController] = []
    var seen = Set<String>()
    for file in files {
      let types = file.types
      for index in types.indices where types[index].kind == .class {
        let name = types[index].name
        guard table.isController(name) == true, seen.insert(name).inserted else { continue }
        controllers.append(
          ScanController(
            name: name, kind: .uikit, superclass: types[index].inherited.first,
            file: types[index].file, line: types[index].line))
      }
    }
    // SwiftUI views that are presented, pushed, hosted or shown in tabs.
    let shown = Set(
      edges.compactMap(\.to).map {
        $0.hasPrefix("UIHostingController<") ? String($0.dropFirst(20).dropLast()) : $0
      })
    for file in files {
      let types = file.types
      for index in types.indices where types[index].kind == .struct {
        let name = types[index].name
        guard table.isSwiftUI(name), shown.contains(name), seen.insert(name).inserted else {
          continue
        }
        controllers.append(
          ScanController(
            name: name, kind: .swiftui, superclass: nil, file: types[index].file,
            line: types[index].line))
      }
    }
    controllers.sort { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }

    var entryPoints: [ScanEntryPoint] = []
    for edge in edges where edge.operation == .root {
      guard let to = edge.to else { continue }
      let how = edge.on == "WindowGroup" ? "@main" : "window root"
      entryPoints.append(ScanEntryPoint(type: to, how: how))
    }
    for scene in storyboards.scenes where scene.isInitial && !scene.storyboard.contains("Launch") {
      entryPoints.append(ScanEntryPoint(type: scene.className, how: "initial scene"))
    }
    var unique = Set<ScanEntryPoint>()
    entryPoints = entryPoints.filter { unique.insert($0).inserted }
    return ScanResult(controllers: controllers, edges: edges, entryPoints: entryPoints)
  }
}

/// SwiftSyntax's parser alone over files, in parallel as `Scanner` runs: the floor the scan's
/// speed is measured against (`Benchmarks/run`).
public enum ParseOnly {
  /// Parses each file and returns the lines read.
  public static func parse(_ paths: [String]) -> Int {
    parallelMap(paths.count) { index in
      guard let bytes = try? InputFileReading.read(paths[index], limit: Int.max - 1) else {
        return 0
      }
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      return withExtendedLifetime(tree) {
        bytes.reduce(into: 1) { count, byte in if byte == 10 { count += 1 } }
      }
    }.reduce(0, +)
  }
}
