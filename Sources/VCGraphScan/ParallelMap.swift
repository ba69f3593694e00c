import Dispatch
import Foundation

/// `transform` of each index in `0..<count`, run in parallel (`concurrentPerform`), in the
/// indices' order. O(count) beside the transforms.
package func parallelMap<Value: Sendable>(
  _ count: Int, _ transform: @Sendable (Int) -> Value
) -> [Value] {
  let results = ParallelResults<Value>(count: count)
  DispatchQueue.concurrentPerform(iterations: count) { index in
    results.set(index, transform(index))
  }
  return results.values
}

/// Results written from several threads, each index once.
private final class ParallelResults<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Value?]

  init(count: Int) { items = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) {
    lock.lock()
    items[index] = value
    lock.unlock()
  }

  /// Every result, once all are set.
  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return items.map { $0! }
  }
}
