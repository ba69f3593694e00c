import Foundation
import Testing

/// A test whose tool (Chromium, valgrind, Python's jsonschema, ...) is missing: a failure under
/// `CI=true`, where `scripts/setup-deps --test` has installed every tool, and a printed skip
/// elsewhere.
func missingTool(_ message: String) {
  if ProcessInfo.processInfo.environment["CI"] == "true" {
    Issue.record(Comment(rawValue: message))
  } else {
    print("skipped: \(message)")
  }
}
