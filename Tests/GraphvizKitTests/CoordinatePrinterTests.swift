import Foundation
import Testing

@testable import GraphvizKit

/// What Graphviz's `gvprintdouble` writes, computed as its C source does it (2.42:
/// `lib/gvc/gvdevice.c` as disassembled from Debian's libgvc.so.6; 14.1.3: the same file in
/// the release tarball): a rule near zero, `snprintf("%.02f")`, trailing zeros and a bare
/// point trimmed.
private func reference(_ number: Double, rule: CoordinateFormat.Rule) -> String {
  var value = number
  switch rule {
  case .graphviz2:
    // if (num > -0.00000001 && num < 0.00000001) num = 0;
    if value > -1e-8 && value < 1e-8 { value = 0 }
  case .graphviz14:
    // if (num > -0.005 && num < 0.005) { gvwrite(job, "0", 1); return; }
    if value > -0.005 && value < 0.005 { return "0" }
  }
  var buffer = [CChar](repeating: 0, count: 512)
  _ = withVaList([value]) { vsnprintf(&buffer, 512, "%.02f", $0) }
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  var text = String(decoding: bytes, as: UTF8.self)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text
}

private func fast(_ number: Double, rule: CoordinateFormat.Rule) -> String? {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
    CoordinateFormat.fast(number, rule: rule, into: buffer.baseAddress!).map {
      String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: $0), as: UTF8.self)
    }
  }
}

private func slow(_ number: Double, rule: CoordinateFormat.Rule) -> String {
  String(decoding: CoordinateFormat.slow(number, rule: rule), as: UTF8.self)
}

/// The SVG coordinate printer must write exactly what Graphviz would: the picture's bytes are
/// pinned by golden files and compared with `dot`'s own output (CLI tests), and a coordinate
/// off by 0.01 would move a line.
@Suite("Coordinate printer")
struct CoordinatePrinterTests {
  static func values() -> [Double] {
    var values: [Double] = [
      0, -0.0, 1e-9, -1e-9, 1e-8, -1e-8, 0.001, -0.001, 0.004999, -0.004999, 0.005, -0.005,
      0.015, 0.125, 0.375, 2.675, 1.005, 1.015, 0.5, 1.5, 2.5, 10, 100.1, 123456.785,
      -123456.785, 72, 36.5, 1e12, 9.999999e12, -9.99e12, .ulpOfOne, -.leastNonzeroMagnitude,
    ]
    var random = SplitMix64(state: 42)
    for _ in 0..<100_000 { values.append(Double.random(in: -5000...5000, using: &random)) }
    for _ in 0..<20_000 { values.append(Double.random(in: -1...1, using: &random)) }
    for _ in 0..<20_000 { values.append(Double.random(in: -1e12...1e12, using: &random)) }
    // Decimal ties (k/100 + 0.005) and their neighbours, and exact binary ties (k/8, k/64).
    for k in 0..<20_000 {
      let tie = Double(k) / 100 + 0.005
      values += [tie, tie.nextUp, tie.nextDown, -tie, -tie.nextUp, -tie.nextDown]
    }
    for k in 0..<4_000 { values += [Double(k) / 8, Double(k) / 64, -Double(k) / 64] }
    return values
  }

  @Test(
    "the fast path prints what snprintf(\"%.02f\") and trimming print, ties and signs included",
    arguments: [CoordinateFormat.Rule.graphviz2, .graphviz14])
  func fastMatchesSnprintf(rule: CoordinateFormat.Rule) {
    var mismatches: [String] = []
    var declined = 0
    for value in Self.values() {
      guard let printed = fast(value, rule: rule) else {
        declined += 1
        continue
      }
      let expected = reference(value, rule: rule)
      if printed != expected { mismatches.append("\(value): \(printed), not \(expected)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
    #expect(declined == 0)
  }

  @Test(
    "the fallback prints every number, the huge and non-finite included",
    arguments: [CoordinateFormat.Rule.graphviz2, .graphviz14])
  func slowPrintsEverything(rule: CoordinateFormat.Rule) {
    let values =
      Self.values().prefix(2_000)
      + [.nan, -.nan, .infinity, -.infinity, 1e13, -1e13, 1e300, -1e300, .greatestFiniteMagnitude]
    for value in values {
      let printed = slow(value, rule: rule)
      #expect(!printed.isEmpty)
      #expect(printed == reference(value, rule: rule), "\(value)")
    }
    #expect(slow(1e13, rule: rule) == "10000000000000")
    #expect(slow(.infinity, rule: rule) == "inf")
  }

  @Test("the fast path declines what it does not handle")
  func declines() {
    for rule in [CoordinateFormat.Rule.graphviz2, .graphviz14] {
      #expect(fast(.nan, rule: rule) == nil)
      #expect(fast(.infinity, rule: rule) == nil)
      #expect(fast(-.infinity, rule: rule) == nil)
      #expect(fast(1e13, rule: rule) == nil)
      #expect(fast(-1e13, rule: rule) == nil)
    }
  }

  @Test("the two rules differ near zero only, as the two Graphviz sources do")
  func rulesNearZero() {
    #expect(fast(-0.001, rule: .graphviz2) == "-0")
    #expect(fast(-0.001, rule: .graphviz14) == "0")
    #expect(fast(0.004, rule: .graphviz2) == "0")
    #expect(fast(0.004999, rule: .graphviz14) == "0")
    #expect(fast(0.006, rule: .graphviz14) == "0.01")
    #expect(fast(-12.345, rule: .graphviz2) == fast(-12.345, rule: .graphviz14))
  }

  @Test(
    "a version picks its rule",
    arguments: [
      ("2.43.0", CoordinateFormat.Rule.graphviz2), ("2.42.2", .graphviz2),
      ("14.1.3", .graphviz14), ("9.0.0", .graphviz14), ("15.0", .graphviz14), ("", .graphviz14),
    ])
  func rules(version: String, rule: CoordinateFormat.Rule) {
    #expect(CoordinateFormat.Rule(version: version) == rule)
  }
}
