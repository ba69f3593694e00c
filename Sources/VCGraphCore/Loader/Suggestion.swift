/// "did you mean 'x'?" for the closest candidate within a small edit distance.
public func suggestion(for word: String, among candidates: [String]) -> String? {
  var best: (String, Int)?
  let lower = word.lowercased()
  for candidate in candidates {
    let distance = editDistance(lower, candidate.lowercased())
    if distance <= max(2, candidate.count / 3), distance < (best?.1 ?? Int.max) {
      best = (candidate, distance)
    }
  }
  return best.map { "did you mean '\($0.0)'?" }
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
