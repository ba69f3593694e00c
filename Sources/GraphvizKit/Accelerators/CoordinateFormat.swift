import Foundation

/// How Graphviz's `gvprintdouble` writes a number, which the core renderers (SVG among them)
/// use for most coordinates. Pure Swift: the rules are pinned by tests against `snprintf` and
/// against `dot` itself.
///
/// Both rules print `snprintf("%.02f")` with trailing zeros and a bare point trimmed; they
/// differ only near zero.
enum CoordinateFormat {
  enum Rule: Sendable, Equatable {
    /// Graphviz 2.x (Debian and Ubuntu's 2.42.2, which reports 2.43.0): numbers closer to
    /// zero than 1e-8 print as zero; others keep their sign, so -0.001 prints `-0`.
    case graphviz2
    /// Graphviz 14.x: numbers closer to zero than 0.005 print `0`.
    case graphviz14

    /// The rule of a Graphviz version string such as `"2.43.0"` or `"14.1.3"`: 2.x has the
    /// first, every later release the second.
    init(version: String) {
      let major = Int(version.prefix { $0.isNumber }) ?? 14
      self = major <= 2 ? .graphviz2 : .graphviz14
    }
  }

  /// Writes `number` as `rule` prints it into `out` (at least 24 bytes) and returns the
  /// length, or nil for numbers this fast path does not handle (non-finite, or 1e13 and
  /// beyond), which ``slow(_:rule:)`` formats.
  ///
  /// `%.02f` rounds the exact value to hundredths, ties to even. `scaled` is the double
  /// nearest to magnitude × 100 and `error` the exact rest (fused multiply-add), so only a
  /// `scaled` that is exactly a half needs the rest to decide. Below 2^52 the fraction is
  /// exact and every half is representable.
  static func fast(
    _ number: Double, rule: Rule, into out: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    var value = number
    switch rule {
    case .graphviz2:
      if value > -1e-8 && value < 1e-8 { value = 0 }
    case .graphviz14:
      if value > -0.005 && value < 0.005 {
        out[0] = UInt8(ascii: "0")
        return 1
      }
    }
    let magnitude = abs(value)
    guard magnitude < 1e13 else { return nil }  // also false for NaN
    let scaled = magnitude * 100
    let error = (-scaled).addingProduct(magnitude, 100)
    let floor = scaled.rounded(.down)
    let fraction = scaled - floor
    var units = UInt64(floor)
    if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && units % 2 == 1))) {
      units += 1
    }
    var length = 0
    if value < 0 {
      out[0] = UInt8(ascii: "-")
      length = 1
    }
    // The whole part, most significant digit first.
    var whole = units / 100
    var digits: (UInt64, Int) = (1, 1)
    while digits.0 * 10 <= whole {
      digits.0 *= 10
      digits.1 += 1
    }
    for _ in 0..<digits.1 {
      out[length] = UInt8(ascii: "0") + UInt8(whole / digits.0)
      whole %= digits.0
      digits.0 /= 10
      length += 1
    }
    // Hundredths without trailing zeros (`x.50` is `x.5`, `x.00` is `x`).
    let cents = units % 100
    if cents != 0 {
      out[length] = UInt8(ascii: ".")
      out[length + 1] = UInt8(ascii: "0") + UInt8(cents / 10)
      length += 2
      if cents % 10 != 0 {
        out[length] = UInt8(ascii: "0") + UInt8(cents % 10)
        length += 1
      }
    }
    return length
  }

  /// Formats any number, the way Graphviz does it: with the C library's `snprintf`.
  static func slow(_ number: Double, rule: Rule) -> [UInt8] {
    var value = number
    switch rule {
    case .graphviz2:
      if value > -1e-8 && value < 1e-8 { value = 0 }
    case .graphviz14:
      if value > -0.005 && value < 0.005 { return [UInt8(ascii: "0")] }
    }
    var buffer = [CChar](repeating: 0, count: 512)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.02f", $0) }
    var bytes = buffer.prefix(max(0, min(Int(count), buffer.count - 1))).map {
      UInt8(bitPattern: $0)
    }
    // Graphviz trims the zeros after a point, then the point itself.
    if bytes.contains(UInt8(ascii: ".")) {
      while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
      if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
    }
    return bytes
  }
}
