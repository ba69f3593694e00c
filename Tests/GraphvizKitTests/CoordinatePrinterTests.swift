import Foundation
import Testing

@testable import GraphvizKit

/// What Graphviz 2.42's `gvprintdouble` writes, computed its way: zero below 1e-8,
/// `snprintf("%.02f")`, trailing zeros and a bare point trimmed.
private func reference(_ number: Double) -> String {
  var value = number
  if value > -1e-8 && value < 1e-8 { value = 0 }
  var buffer = [CChar](repeating: 0, count: 64)
  _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.02f", $0) }
  var text = String(cString: buffer)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text
}

private func fast(_ number: Double) -> String? {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
    CoordinatePrinter.format(number, into: buffer.baseAddress!).map {
      String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: $0), as: UTF8.self)
    }
  }
}

/// The SVG coordinate printer must write exactly what Graphviz would: the picture's bytes are
/// pinned by golden files, and a coordinate off by 0.01 would move a line.
@Suite("Coordinate printer", .serialized)
struct CoordinatePrinterTests {
  @Test("prints what snprintf(\"%.02f\") and trimming print, ties and signs included")
  func matchesSnprintf() {
    var values: [Double] = [
      0, -0.0, 1e-9, -1e-9, 1e-8, -1e-8, 0.001, -0.001, 0.004999, -0.004999, 0.005, -0.005,
      0.015, 0.125, 0.375, 2.675, 1.005, 1.015, 0.5, 1.5, 2.5, 10, 100.1, 123456.785,
      -123456.785, 72, 36.5, 1e12, 9.999999e12, -9.99e12, .ulpOfOne, -.leastNonzeroMagnitude,
    ]
    var random = SplitMix64(state: 42)
    for _ in 0..<200_000 { values.append(Double.random(in: -5000...5000, using: &random)) }
    for _ in 0..<20_000 { values.append(Double.random(in: -1...1, using: &random)) }
    for _ in 0..<20_000 { values.append(Double.random(in: -1e12...1e12, using: &random)) }
    // Decimal ties (k/100 + 0.005) and their neighbours, and exact binary ties (k/8, k/64).
    for k in 0..<20_000 {
      let tie = Double(k) / 100 + 0.005
      values += [tie, tie.nextUp, tie.nextDown, -tie, -tie.nextUp, -tie.nextDown]
    }
    for k in 0..<4_000 { values += [Double(k) / 8, Double(k) / 64, -Double(k) / 64] }
    var mismatches: [String] = []
    var declined = 0
    for value in values {
      guard let printed = fast(value) else {
        declined += 1
        continue
      }
      let expected = reference(value)
      if printed != expected { mismatches.append("\(value): \(printed), not \(expected)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
    #expect(declined == 0)
  }

  @Test("hands what it does not handle back to Graphviz")
  func declines() {
    #expect(fast(.nan) == nil)
    #expect(fast(.infinity) == nil)
    #expect(fast(-.infinity) == nil)
    #expect(fast(1e13) == nil)
    #expect(fast(-1e13) == nil)
  }

  @Test("SVG output is the same with the printer on and off")
  func sameSVG() throws {
    let graph = ReadBackOrderTests.randomGraph(seed: 11)
    GraphvizRuntime.shared.setPrintsCoordinatesItself(false)
    defer { GraphvizRuntime.shared.setPrintsCoordinatesItself(true) }
    let slow = try Graphviz.render(graph, format: .svg).data
    GraphvizRuntime.shared.setPrintsCoordinatesItself(true)
    let quick = try Graphviz.render(graph, format: .svg).data
    let same = slow == quick
    #expect(same)
  }
}
